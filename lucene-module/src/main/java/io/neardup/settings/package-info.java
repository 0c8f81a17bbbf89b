/** The settings of a near-duplicate field: sketch, banding and exact-token choices together. */
package io.neardup.settings;

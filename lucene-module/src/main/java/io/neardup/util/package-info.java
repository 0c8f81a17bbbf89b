/** Small primitive helpers shared by the algorithm packages. */
package io.neardup.util;

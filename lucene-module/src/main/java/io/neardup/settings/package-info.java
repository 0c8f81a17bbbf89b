/** The parameters of neardup, their names in every surface, defaults and validation. */
package io.neardup.settings;

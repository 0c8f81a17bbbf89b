/**
 * Text normalisation before shingling: Unicode folding, case, punctuation, pseudo-graphics and
 * digits.
 */
package io.neardup.text;

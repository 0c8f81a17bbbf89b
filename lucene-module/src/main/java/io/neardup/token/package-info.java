/** The character encoding of band, exact-duplicate and shingle tokens. */
package io.neardup.token;

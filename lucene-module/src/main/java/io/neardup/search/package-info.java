/** The near-duplicate query: band candidates verified by their stored sketches. */
package io.neardup.search;

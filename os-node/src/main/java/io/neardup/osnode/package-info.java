/** {@code bin/neardup-os}: one OpenSearch node with the neardup plugin, from Maven artifacts. */
package io.neardup.osnode;

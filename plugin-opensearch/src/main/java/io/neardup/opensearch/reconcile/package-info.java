/**
 * The reconcile API: write-time cluster ids and canonical flags repaired from whole-index clusters.
 */
package io.neardup.opensearch.reconcile;

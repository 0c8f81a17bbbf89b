/**
 * What one node of an engine runs for the clustering and reconcile APIs, free of any engine ({@link
 * io.neardup.engine.node.NodeClustering}): the runs it keeps, the memory budget of a run and where
 * a later page's request goes.
 */
package io.neardup.engine.node;

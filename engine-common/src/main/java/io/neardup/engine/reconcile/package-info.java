/**
 * The reconcile API, free of any engine: its parameters ({@link
 * io.neardup.engine.reconcile.ReconcileParams}) and the run after its plan ({@link
 * io.neardup.engine.reconcile.ReconcileRun}: the current assignments read, the changes computed and
 * written through the engine's bulk updates).
 */
package io.neardup.engine.reconcile;

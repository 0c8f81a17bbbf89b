/**
 * What the engines read from index mappings and analysis settings, with the errors that name the
 * field or parameter: the {@code neardup} field's settings and the checks of cluster and canonical
 * fields ({@link io.neardup.engine.param.MappingFields}), mapping values ({@link
 * io.neardup.engine.param.MappingValue}) and the analysis components: their parameters ({@link
 * io.neardup.engine.param.ComponentParameters}) and the token filters both engines register ({@link
 * io.neardup.engine.param.AnalysisComponent}).
 */
package io.neardup.engine.param;

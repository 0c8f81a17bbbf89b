package io.neardup.opensearch.reconcile;

import io.neardup.engine.contract.ReconcileRequestContract;
import io.neardup.engine.reconcile.ReconcileParams;
import java.io.IOException;
import java.util.List;
import org.opensearch.action.ActionRequestValidationException;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.xcontent.XContentParseException;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.test.OpenSearchTestCase;

/** Parsing and validation of the reconcile request: engine-common's contract on this parser. */
public class NearDupReconcileRequestTests extends OpenSearchTestCase {
  private NearDupReconcileRequest parse(String json) throws IOException {
    try (XContentParser parser = createParser(JsonXContent.jsonXContent, json)) {
      return new NearDupReconcileRequest("docs").parse(parser);
    }
  }

  /** This engine's parser and validation, as the shared contract drives them. */
  private final ReconcileRequestContract.Engine engine =
      new ReconcileRequestContract.Engine() {
        @Override
        public ReconcileParams parse(String json) throws IOException {
          return NearDupReconcileRequestTests.this.parse(json).params();
        }

        @Override
        public Exception refuse(String json) {
          return expectThrows(XContentParseException.class, () -> parse(json));
        }

        @Override
        public List<String> errors(String json) throws IOException {
          ActionRequestValidationException e =
              NearDupReconcileRequestTests.this.parse(json).validate();
          return e == null ? List.of() : e.validationErrors();
        }
      };

  public void testDefaults() throws Exception {
    ReconcileRequestContract.defaults(engine);
  }

  public void testParsesEveryKey() throws Exception {
    ReconcileRequestContract.parsesEveryKey(engine);
  }

  public void testErrorsNameTheParameter() throws Exception {
    ReconcileRequestContract.errorsNameTheParameter(engine);
  }
}

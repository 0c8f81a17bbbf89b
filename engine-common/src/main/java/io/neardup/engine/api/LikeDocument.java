package io.neardup.engine.api;

import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An indexed document whose near-duplicates are wanted: {@code {"_index": "docs", "_id": "42",
 * "routing": "r"}}. {@code _index} may be left out when the search targets a single index; {@code
 * routing} is needed only for documents indexed with custom routing.
 *
 * @param index the index holding the document, or null for the searched index
 * @param id the document's id
 * @param routing the document's routing, or null
 */
public record LikeDocument(String index, String id, String routing) {
  public LikeDocument {
    if (id == null || id.isEmpty()) {
      throw new IllegalArgumentException("[like] document requires a non-empty [_id]");
    }
    if (index != null && index.isEmpty()) {
      throw new IllegalArgumentException("[like] document [_index] must not be empty");
    }
  }

  /** Reads what {@link #write} wrote. */
  public static LikeDocument read(WireInput in) throws IOException {
    return new LikeDocument(in.readOptionalString(), in.readString(), in.readOptionalString());
  }

  public void write(WireOutput out) throws IOException {
    out.writeOptionalString(index);
    out.writeString(id);
    out.writeOptionalString(routing);
  }

  /** The JSON object. */
  public Map<String, Object> body() {
    Map<String, Object> out = new LinkedHashMap<>();
    if (index != null) {
      out.put("_index", index);
    }
    out.put("_id", id);
    if (routing != null) {
      out.put("routing", routing);
    }
    return out;
  }
}

package io.neardup.spark;

import com.esotericsoftware.kryo.DefaultSerializer;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * A partition's analysed documents as one persisted record. Spark estimates the size of a partition
 * it keeps as objects by walking samples of its records again and again as it grows (every tenth
 * more records); for a million documents that walk cost as much CPU as tokenising a tenth of them.
 * One record a partition is walked once.
 */
@DefaultSerializer(NearDupKryo.DocBlockSerializer.class)
record DocBlock(Doc[] docs) implements Serializable {
  /** The documents of {@code docs}, in order, as one block. */
  static Iterator<DocBlock> of(Iterator<Doc> docs) {
    List<Doc> all = new ArrayList<>();
    docs.forEachRemaining(all::add);
    return List.of(new DocBlock(all.toArray(new Doc[0]))).iterator();
  }

  Iterator<Doc> iterator() {
    return Arrays.asList(docs).iterator();
  }
}

package io.neardup.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.api.SketchesParams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run's reads become the searches an engine runs, and the engine's answers what they read. */
class RunSearchesTest {
  private record Ran(String pit, long keepAlive, String query, RunSearches.Search<String> search) {}

  private final List<Ran> ran = new ArrayList<>();
  private RunSearches.Answer<String> answer;
  private Exception cancelled;

  private final RunSearches.Engine<String, String, String> engine =
      new RunSearches.Engine<>() {
        @Override
        public void open(long keepAliveMillis, ShardedRun.Listener<String> listener) {
          listener.onResponse("pit-" + keepAliveMillis);
        }

        @Override
        public Exception cancelled() {
          return cancelled;
        }

        @Override
        public void search(
            String pit,
            long keepAliveMillis,
            String query,
            RunSearches.Search<String> search,
            ShardedRun.Listener<RunSearches.Answer<String>> listener) {
          ran.add(new Ran(pit, keepAliveMillis, query, search));
          listener.onResponse(answer);
        }
      };

  private static <T> T value(java.util.function.Consumer<ShardedRun.Listener<T>> call) {
    List<T> out = new ArrayList<>();
    call.accept(
        ShardedRun.Listener.of(
            out::add,
            e -> {
              throw new AssertionError(e);
            }));
    assertEquals(1, out.size());
    return out.get(0);
  }

  @Test
  void countPartitionAndFetchAreTheThreeSearchesOfARun() {
    DistributedClusters.Session<String, String, String> session = RunSearches.session(engine);
    String pit = value(l -> session.open(60_000, l));
    assertEquals("pit-60000", pit);
    ShardedRun.Reads<String> reads = session.reads(pit, 60_000, "body.dup", "q");

    answer = RunSearches.Answer.count(42);
    assertEquals(42L, value(reads::count));
    RunSearches.Search<String> count = ran.get(0).search();
    assertTrue(count.count());
    assertEquals(0, count.size());
    assertEquals(new Ran("pit-60000", 60_000, "q", count), ran.get(0));

    answer = RunSearches.Answer.buckets(List.of(new ShardBuckets<>("s0", 7, 3, new byte[] {1})));
    List<ShardedRun.ShardPart<String>> parts = value(l -> reads.partition(2, 5, l));
    assertEquals(1, parts.size());
    assertEquals("s0", parts.get(0).shard());
    assertEquals(7, parts.get(0).maxDoc());
    RunSearches.Search<String> partition = ran.get(1).search();
    assertEquals(new BucketsParams("body.dup", 2, 5), partition.buckets());
    assertEquals(0, partition.size());

    Map<String, int[]> docs = new LinkedHashMap<>();
    docs.put("s0", new int[] {1, 4});
    docs.put("s1", new int[] {0});
    ShardedRun.FetchedDoc<String> found =
        new ShardedRun.FetchedDoc<>(
            "s1", 0, new ShardedClusterer.Fetched("i", "doc-1", new byte[0], null));
    answer = RunSearches.Answer.docs(List.of(found));
    List<ShardedRun.FetchedDoc<String>> fetched =
        value(l -> reads.fetch(docs, CanonicalPolicy.BEST_SCORE, true, l));
    assertEquals(List.of(found), fetched);
    RunSearches.Search<String> fetch = ran.get(2).search();
    assertEquals(3, fetch.size());
    assertArrayEquals(new int[] {1, 4}, fetch.docs().get("s0"));
    assertEquals(
        new SketchesParams("body.dup", CanonicalPolicy.BEST_SCORE, true), fetch.sketches());
    assertNull(fetch.buckets());

    answer = RunSearches.Answer.current(List.of());
    RunSearches.Assignments page = new RunSearches.Assignments(17L, 50, "cluster", null);
    RunSearches.Reads<String, String, String> pageReads =
        RunSearches.reads(engine, pit, 60_000, "body.dup", "q");
    List<RunSearches.Current<String>> current = value(l -> pageReads.assignments(page, l));
    assertEquals(List.of(), current);
    assertEquals(page, ran.get(3).search().assignments());
    assertEquals(50, ran.get(3).search().size());
    assertEquals(
        SketchesParams.idsOnly("body.dup", CanonicalPolicy.BEST_SCORE),
        ran.get(3).search().sketches(),
        "a page's ids come from the field's doc values");

    List<RunSearches.Current<String>> none = value(l -> pageReads.ids(docs, l));
    assertEquals(List.of(), none);
    RunSearches.Search<String> stored = ran.get(4).search();
    assertNull(stored.sketches(), "stored ids: no sketches");
    assertEquals(3, stored.size());

    cancelled = new IllegalStateException("cancelled");
    List<Exception> failed = new ArrayList<>();
    reads.count(
        ShardedRun.Listener.of(
            n -> {
              throw new AssertionError("answered after cancel");
            },
            failed::add));
    assertEquals(List.of(cancelled), failed);
    assertEquals(5, ran.size(), "no search once the task is cancelled");
  }

  @Test
  void hitsAreReadAsAssignmentsOrAsDocumentsByNumber() {
    long shardDoc = (2L << 32) | 9;
    RunSearches.Hit<String> hit =
        new RunSearches.Hit<>(
            "s2",
            shardDoc,
            "i",
            "doc-9",
            Map.<String, List<Object>>of("cluster", List.of("doc-1"), "flag", List.of(false))::get,
            12,
            3);
    RunSearches.Answer<String> read =
        RunSearches.answer(
            new RunSearches.Search<>(
                null, null, null, new RunSearches.Assignments(null, 10, "cluster", "flag")),
            0,
            List.of(),
            List.of(hit),
            "_sketch");
    assertEquals(
        List.of(new RunSearches.Current<>("s2", 9, shardDoc, "i", "doc-9", "doc-1", false, 12, 3)),
        read.current());
    RunSearches.Answer<String> unmapped =
        RunSearches.answer(
            new RunSearches.Search<>(
                null, null, null, new RunSearches.Assignments(null, 10, "other", null)),
            0,
            List.of(),
            List.of(hit),
            "_sketch");
    assertNull(unmapped.current().get(0).cluster(), "a document without the field carries none");
    assertNull(unmapped.current().get(0).flag());

    // read without stored fields: the id from the field's doc values, null if it keeps none
    RunSearches.Search<String> page =
        new RunSearches.Search<>(
            null,
            null,
            SketchesParams.idsOnly("f", CanonicalPolicy.BEST_SCORE),
            new RunSearches.Assignments(null, 10, "cluster", null));
    RunSearches.Hit<String> noStored =
        new RunSearches.Hit<>(
            "s2",
            shardDoc,
            "i",
            null,
            Map.<String, List<Object>>of("_sketch", List.of(new byte[0], "", "doc-9"))::get,
            12,
            3);
    RunSearches.Hit<String> noDocValues =
        new RunSearches.Hit<>("s2", shardDoc, "i", null, name -> null, 12, 3);
    List<RunSearches.Current<String>> ids =
        RunSearches.answer(page, 0, List.of(), List.of(noStored, noDocValues), "_sketch").current();
    assertEquals("doc-9", ids.get(0).id());
    assertNull(ids.get(1).id());
    // the stored ids of documents by number
    RunSearches.Answer<String> stored =
        RunSearches.answer(
            new RunSearches.Search<>(null, Map.of("s2", new int[] {9}), null, null),
            0,
            List.of(),
            List.of(hit),
            "_sketch");
    assertEquals("doc-9", stored.current().get(0).id());
    assertEquals(9, stored.current().get(0).doc());

    RunSearches.Answer<String> docs =
        RunSearches.answer(
            new RunSearches.Search<>(
                null,
                Map.of("s2", new int[] {9}),
                new SketchesParams("f", CanonicalPolicy.BEST_SCORE, false),
                null),
            0,
            List.of(),
            List.of(hit),
            "_sketch");
    assertEquals("s2", docs.docs().get(0).shard());
    assertEquals(9, docs.docs().get(0).doc());
    assertEquals("i", docs.docs().get(0).fetched().index());
  }
}

package io.neardup.web.boilerplate;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A learned re-decision of each block over its {@link BlockFeatures}: an ensemble of small
 * regression trees (gradient boosting of the logistic loss), whose summed leaves are the log-odds
 * that the block is main text. Read from a text file of one line per node, so that the weights are
 * small, versioned and diffable:
 *
 * <pre>
 * neardup-block-model 2 FEATURES TREES BIAS
 * tree NODES
 * FEATURE THRESHOLD LEFT RIGHT VALUE     (a split: feature &lt;= threshold goes left; a leaf: -1 0 0 0 VALUE)
 * </pre>
 *
 * Evaluation is plain double arithmetic over the features in order: the same page gives the same
 * verdicts on every JVM.
 */
public final class BlockModel {
  private static final String MAGIC = "neardup-block-model";
  private static final int VERSION = 2;

  /** The model trained on WCXB's development pages, shipped with the library. */
  public static final String RESOURCE = "block-model.txt";

  private final int features;
  private final double bias;

  /** The nodes of all trees, one after the other: a tree's nodes point at its own by index. */
  private final int[] feature;

  private final double[] threshold;
  private final int[] left;
  private final int[] right;
  private final double[] value;

  /** Where each tree's root is among the nodes. */
  private final int[] roots;

  /** The least and the most the trees from each one on can add to a score. */
  private final double[] restMin;

  private final double[] restMax;

  /**
   * The trees again, each made complete to the deepest one's {@link #depth} (a leaf above it
   * becomes splits whose both sides lead to its value), so that a walk is the same few steps of
   * index arithmetic in every tree: a split's children are at {@code 2j+1} and {@code 2j+2}.
   */
  private final int depth;

  private final int[] completeFeature;
  private final double[] completeThreshold;
  private final double[] completeLeaf;

  /**
   * A model from its trees, each as parallel arrays of nodes, node 0 its root; a split sends a
   * feature at or below its threshold to {@code left}, a leaf (feature -1) holds its value.
   */
  public BlockModel(
      int features,
      double bias,
      int[][] feature,
      double[][] threshold,
      int[][] left,
      int[][] right,
      double[][] value) {
    this.features = features;
    this.bias = bias;
    int nodes = 0;
    for (int[] f : feature) {
      nodes += f.length;
    }
    this.feature = new int[nodes];
    this.threshold = new double[nodes];
    this.left = new int[nodes];
    this.right = new int[nodes];
    this.value = new double[nodes];
    this.roots = new int[feature.length];
    int at = 0;
    for (int t = 0; t < feature.length; t++) {
      roots[t] = at;
      for (int i = 0; i < feature[t].length; i++) {
        this.feature[at + i] = feature[t][i];
        this.threshold[at + i] = threshold[t][i];
        this.left[at + i] = at + left[t][i];
        this.right[at + i] = at + right[t][i];
        this.value[at + i] = value[t][i];
      }
      at += feature[t].length;
    }
    restMin = new double[roots.length + 1];
    restMax = new double[roots.length + 1];
    for (int t = roots.length - 1; t >= 0; t--) {
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (int i = roots[t]; i < (t + 1 < roots.length ? roots[t + 1] : nodes); i++) {
        if (this.feature[i] < 0) {
          min = Math.min(min, this.value[i]);
          max = Math.max(max, this.value[i]);
        }
      }
      restMin[t] = restMin[t + 1] + min;
      restMax[t] = restMax[t + 1] + max;
    }
    int deepest = 0;
    for (int root : roots) {
      deepest = Math.max(deepest, depth(root));
    }
    depth = deepest;
    int inner = (1 << depth) - 1;
    completeFeature = new int[roots.length * inner];
    completeThreshold = new double[roots.length * inner];
    completeLeaf = new double[roots.length << depth];
    for (int t = 0; t < roots.length; t++) {
      complete(roots[t], 0, 0, t * inner, t << depth);
    }
  }

  private int depth(int node) {
    return feature[node] < 0 ? 0 : 1 + Math.max(depth(left[node]), depth(right[node]));
  }

  private void complete(int node, int j, int level, int inner, int leaves) {
    if (level == depth) {
      completeLeaf[leaves + j - ((1 << depth) - 1)] = value[node];
      return;
    }
    boolean leaf = feature[node] < 0;
    completeFeature[inner + j] = leaf ? 0 : feature[node];
    completeThreshold[inner + j] = leaf ? Double.POSITIVE_INFINITY : threshold[node];
    complete(leaf ? node : left[node], 2 * j + 1, level + 1, inner, leaves);
    complete(leaf ? node : right[node], 2 * j + 2, level + 1, inner, leaves);
  }

  /**
   * The model shipped in the library's jar, read through this class's own loader (an engine's
   * plugin loads the jar in a class loader of its own).
   */
  static BlockModel shipped() {
    try (InputStream in = BlockModel.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("no " + RESOURCE + " beside " + BlockModel.class.getName());
      }
      return read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("reading the shipped " + RESOURCE + ": " + e.getMessage(), e);
    }
  }

  /** Reads a model written by {@link #write}. */
  public static BlockModel read(InputStream in) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    String[] head = next(reader).split(" ");
    if (head.length != 5 || !head[0].equals(MAGIC)) {
      throw new IOException("Corrupted: not a block model");
    }
    if (!head[1].equals(Integer.toString(VERSION))) {
      throw new IOException("Incompatible block model version " + head[1]);
    }
    int features = integer(head[2]);
    if (features != BlockFeatures.COUNT) {
      throw new IOException(
          "Incompatible block model: " + features + " features, expected " + BlockFeatures.COUNT);
    }
    int trees = integer(head[3]);
    double bias = number(head[4]);
    int[][] feature = new int[trees][];
    double[][] threshold = new double[trees][];
    int[][] left = new int[trees][];
    int[][] right = new int[trees][];
    double[][] value = new double[trees][];
    for (int t = 0; t < trees; t++) {
      String[] tree = next(reader).split(" ");
      if (tree.length != 2 || !tree[0].equals("tree")) {
        throw new IOException("Corrupted: block model tree " + t + " has no header");
      }
      int nodes = integer(tree[1]);
      feature[t] = new int[nodes];
      threshold[t] = new double[nodes];
      left[t] = new int[nodes];
      right[t] = new int[nodes];
      value[t] = new double[nodes];
      for (int i = 0; i < nodes; i++) {
        String[] node = next(reader).split(" ");
        if (node.length != 5) {
          throw new IOException("Corrupted: block model tree " + t + " node " + i);
        }
        feature[t][i] = integer(node[0]);
        threshold[t][i] = number(node[1]);
        left[t][i] = integer(node[2]);
        right[t][i] = integer(node[3]);
        value[t][i] = number(node[4]);
        // a split points forward inside its tree, so that every walk ends at a leaf
        boolean split = feature[t][i] >= 0;
        if (feature[t][i] >= features
            || feature[t][i] < -1
            || (split
                && (left[t][i] <= i
                    || left[t][i] >= nodes
                    || right[t][i] <= i
                    || right[t][i] >= nodes))) {
          throw new IOException("Corrupted: block model tree " + t + " node " + i);
        }
      }
      if (nodes == 0) {
        throw new IOException("Corrupted: block model tree " + t + " is empty");
      }
    }
    return new BlockModel(features, bias, feature, threshold, left, right, value);
  }

  private static int integer(String s) throws IOException {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw new IOException("Corrupted: block model number [" + s + "]", e);
    }
  }

  private static double number(String s) throws IOException {
    try {
      return Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw new IOException("Corrupted: block model number [" + s + "]", e);
    }
  }

  private static String next(BufferedReader reader) throws IOException {
    String line;
    do {
      line = reader.readLine();
      if (line == null) {
        throw new IOException("Corrupted: block model ends early");
      }
    } while (line.isBlank() || line.startsWith("#"));
    return line;
  }

  /** Writes the model as {@link #read} reads it, after the comment lines of {@code header}. */
  public void write(Writer out, List<String> header) throws IOException {
    for (String line : header) {
      out.write("# " + line + "\n");
    }
    out.write(MAGIC + " " + VERSION + " " + features + " " + roots.length + " " + num(bias) + "\n");
    for (int t = 0; t < roots.length; t++) {
      int start = roots[t];
      int end = t + 1 < roots.length ? roots[t + 1] : feature.length;
      out.write("tree " + (end - start) + "\n");
      for (int i = start; i < end; i++) {
        boolean leaf = feature[i] < 0;
        out.write(
            feature[i]
                + " "
                + num(threshold[i])
                + " "
                + (leaf ? 0 : left[i] - start)
                + " "
                + (leaf ? 0 : right[i] - start)
                + " "
                + num(value[i])
                + "\n");
      }
    }
  }

  private static String num(double d) {
    // shortest text that reads back as the same double
    return Double.toString(d).toLowerCase(Locale.ROOT);
  }

  /** The log-odds that a block with features {@code x} is main text. */
  public double score(double[] x) {
    double sum = bias;
    for (int root : roots) {
      int i = root;
      int f;
      while ((f = feature[i]) >= 0) {
        i = x[f] <= threshold[i] ? left[i] : right[i];
      }
      sum += value[i];
    }
    return sum;
  }

  /**
   * Whether the score of {@code x} is above {@code limit}: as {@code score(x) > limit}, but stops
   * at the first tree after which the rest cannot change the answer (most blocks are clear long
   * before the last tree).
   */
  public boolean above(double[] x, double limit) {
    double sum = bias;
    int inner = (1 << depth) - 1;
    for (int t = 0; t < roots.length; t++) {
      if (sum + restMin[t] > limit) {
        return true;
      }
      if (sum + restMax[t] <= limit) {
        return false;
      }
      int base = t * inner;
      int j = 0;
      for (int level = 0; level < depth; level++) {
        j = 2 * j + (x[completeFeature[base + j]] <= completeThreshold[base + j] ? 1 : 2);
      }
      sum += completeLeaf[(t << depth) + j - inner];
    }
    return sum > limit;
  }

  /** The number of trees, for reports. */
  public int trees() {
    return roots.length;
  }
}

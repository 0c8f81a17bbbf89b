package io.neardup.spark;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.apache.spark.serializer.KryoRegistrator;

/**
 * The job's shuffled and persisted records under Spark's Kryo serializer, which clusters often set
 * ({@code spark.serializer}) and {@link DedupJob} uses unless told otherwise. Kryo 4, which Spark
 * ships, cannot write a Java record's fields itself (it sets fields after making an empty object),
 * so each record names its serializer here ({@code @DefaultSerializer}): a session with Kryo works
 * without any further setting. Registered ({@code spark.kryo.registrator}), each record is written
 * with a small number instead of its class name.
 */
public final class NearDupKryo implements KryoRegistrator {
  @Override
  public void registerClasses(Kryo kryo) {
    kryo.register(Doc.class, new DocSerializer());
    kryo.register(DocBlock.class, new DocBlockSerializer());
    kryo.register(NearDupSpark.Verified.class, new VerifiedSerializer());
    kryo.register(NearDupSpark.Half.class, new HalfSerializer());
    kryo.register(NearDupSpark.Member.class, new MemberSerializer());
    kryo.register(NearDupSpark.BucketMember.class, new BucketMemberSerializer());
    kryo.register(NearDupSpark.ClusterMember.class, new ClusterMemberSerializer());
    kryo.register(Tiles.TileMember.class, new TileMemberSerializer());
    kryo.register(Tiles.TileKey.class, new TileKeySerializer());
    kryo.register(Tiles.PairBlock.class, new PairBlockSerializer());
  }

  static void writeInts(Output out, int[] a) {
    out.writeVarInt(a.length, true);
    out.writeInts(a);
  }

  static int[] readInts(Input in) {
    return in.readInts(in.readVarInt(true));
  }

  /** A long array that may be null. */
  static void writeLongs(Output out, long[] a) {
    out.writeVarInt(a == null ? 0 : a.length + 1, true);
    if (a != null) {
      out.writeLongs(a);
    }
  }

  static long[] readLongs(Input in) {
    int n = in.readVarInt(true);
    return n == 0 ? null : in.readLongs(n - 1);
  }

  /** Records are immutable: a copy is the record itself. */
  private abstract static class RecordSerializer<T> extends Serializer<T> {
    RecordSerializer() {
      super(false, true);
    }
  }

  public static final class DocSerializer extends RecordSerializer<Doc> {
    @Override
    public void write(Kryo kryo, Output out, Doc d) {
      out.writeVarLong(d.ord() + 1, true);
      out.writeString(d.id());
      writeInts(out, d.set());
      writeInts(out, d.bucketKeys());
      kryo.writeClassAndObject(out, d.canonicalValue());
      out.writeVarInt(d.problems(), true);
    }

    @Override
    public Doc read(Kryo kryo, Input in, Class<Doc> type) {
      return new Doc(
          in.readVarLong(true) - 1,
          in.readString(),
          readInts(in),
          readInts(in),
          kryo.readClassAndObject(in),
          in.readVarInt(true));
    }
  }

  public static final class DocBlockSerializer extends RecordSerializer<DocBlock> {
    private final DocSerializer doc = new DocSerializer();

    @Override
    public void write(Kryo kryo, Output out, DocBlock b) {
      out.writeVarInt(b.docs().length, true);
      for (Doc d : b.docs()) {
        doc.write(kryo, out, d);
      }
    }

    @Override
    public DocBlock read(Kryo kryo, Input in, Class<DocBlock> type) {
      Doc[] docs = new Doc[in.readVarInt(true)];
      for (int i = 0; i < docs.length; i++) {
        docs[i] = doc.read(kryo, in, Doc.class);
      }
      return new DocBlock(docs);
    }
  }

  public static final class VerifiedSerializer extends RecordSerializer<NearDupSpark.Verified> {
    @Override
    public void write(Kryo kryo, Output out, NearDupSpark.Verified v) {
      out.writeVarLong(v.a(), true);
      out.writeVarLong(v.b(), true);
      out.writeDouble(v.similarity());
    }

    @Override
    public NearDupSpark.Verified read(Kryo kryo, Input in, Class<NearDupSpark.Verified> type) {
      return new NearDupSpark.Verified(in.readVarLong(true), in.readVarLong(true), in.readDouble());
    }
  }

  public static final class HalfSerializer extends RecordSerializer<NearDupSpark.Half> {
    @Override
    public void write(Kryo kryo, Output out, NearDupSpark.Half h) {
      out.writeVarLong(h.ord(), true);
      out.writeVarInt(h.shared(), false);
      writeInts(out, h.set());
    }

    @Override
    public NearDupSpark.Half read(Kryo kryo, Input in, Class<NearDupSpark.Half> type) {
      return new NearDupSpark.Half(in.readVarLong(true), in.readVarInt(false), readInts(in));
    }
  }

  public static final class MemberSerializer extends RecordSerializer<NearDupSpark.Member> {
    @Override
    public void write(Kryo kryo, Output out, NearDupSpark.Member m) {
      writeInts(out, m.set());
      out.writeVarLong(m.label(), true);
    }

    @Override
    public NearDupSpark.Member read(Kryo kryo, Input in, Class<NearDupSpark.Member> type) {
      return new NearDupSpark.Member(readInts(in), in.readVarLong(true));
    }
  }

  public static final class BucketMemberSerializer
      extends RecordSerializer<NearDupSpark.BucketMember> {
    @Override
    public void write(Kryo kryo, Output out, NearDupSpark.BucketMember m) {
      out.writeInt(m.bucket());
      out.writeVarLong(m.ord(), true);
    }

    @Override
    public NearDupSpark.BucketMember read(
        Kryo kryo, Input in, Class<NearDupSpark.BucketMember> type) {
      return new NearDupSpark.BucketMember(in.readInt(), in.readVarLong(true));
    }
  }

  public static final class ClusterMemberSerializer
      extends RecordSerializer<NearDupSpark.ClusterMember> {
    @Override
    public void write(Kryo kryo, Output out, NearDupSpark.ClusterMember m) {
      out.writeString(m.id());
      out.writeVarLong(m.cluster(), true);
      out.writeVarLong(m.canonical(), true);
      out.writeDouble(m.similarity());
    }

    @Override
    public NearDupSpark.ClusterMember read(
        Kryo kryo, Input in, Class<NearDupSpark.ClusterMember> type) {
      return new NearDupSpark.ClusterMember(
          in.readString(), in.readVarLong(true), in.readVarLong(true), in.readDouble());
    }
  }

  public static final class TileMemberSerializer extends RecordSerializer<Tiles.TileMember> {
    @Override
    public void write(Kryo kryo, Output out, Tiles.TileMember m) {
      out.writeVarInt(m.chunk(), true);
      writeInts(out, m.set());
      writeInts(out, m.keys());
    }

    @Override
    public Tiles.TileMember read(Kryo kryo, Input in, Class<Tiles.TileMember> type) {
      return new Tiles.TileMember(in.readVarInt(true), readInts(in), readInts(in));
    }
  }

  public static final class TileKeySerializer extends RecordSerializer<Tiles.TileKey> {
    @Override
    public void write(Kryo kryo, Output out, Tiles.TileKey k) {
      out.writeInt(k.bucket());
      out.writeVarInt(k.row(), true);
      out.writeVarInt(k.column(), true);
      out.writeVarLong(k.ord(), true);
    }

    @Override
    public Tiles.TileKey read(Kryo kryo, Input in, Class<Tiles.TileKey> type) {
      return new Tiles.TileKey(
          in.readInt(), in.readVarInt(true), in.readVarInt(true), in.readVarLong(true));
    }
  }

  public static final class PairBlockSerializer extends RecordSerializer<Tiles.PairBlock> {
    @Override
    public void write(Kryo kryo, Output out, Tiles.PairBlock b) {
      writeLongs(out, b.rows());
      writeLongs(out, b.columns());
      out.writeDouble(b.similarity());
    }

    @Override
    public Tiles.PairBlock read(Kryo kryo, Input in, Class<Tiles.PairBlock> type) {
      return new Tiles.PairBlock(readLongs(in), readLongs(in), in.readDouble());
    }
  }
}

package org.numaloom.perf.bench;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import static org.numaloom.perf.bench.JvmFlags.NATIVE_ACCESS;
import static org.numaloom.perf.bench.JvmFlags.OPEN_JAVA_LANG;

/**
 * The seed study's text statistics: count the words of a text in hash maps guarded by locks.
 *
 * <p>The {@link Text} ({@code lines} lines from {@code seed}) is generated once per trial and
 * counted once sequentially, as the reference. Each invocation counts it again with
 * {@code threads} virtual threads, which share the lines evenly, split each line into words and add
 * each word to the {@link WordCounts} named by {@code lock}: {@code maps} hash maps under their own
 * exclusions (0: one per carrier), a {@link java.util.concurrent.ConcurrentHashMap}, or the
 * sequential count on one thread. A thread yields after each line, as in the seed, so that threads
 * interleave on their carriers. Where the topology in force has several nodes, each map's exclusion
 * records its hand-offs ({@link Handoffs}), summed over the maps in {@link HandoffCounts}. After
 * each invocation the counts are checked against the
 * reference: a benchmark must not be fast by being wrong.
 *
 * <p>The warm-up is long because the invocations keep getting faster for longer than in the other
 * benches: on 2 cores, over 24 forks of four locks, the fourth to eighth invocations took 13% longer
 * than the sixteenth to twentieth in the median (from 5% shorter to 30% longer; docs/results.md,
 * 2026-11-28).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 15)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {NATIVE_ACCESS, OPEN_JAVA_LANG})
public class TextStatisticsBenchmark {
    /** The variant that counts in one {@code ConcurrentHashMap} with {@code merge}, the lock-free reference. */
    public static final String LOCK_FREE = "CONCURRENT_HASH_MAP";
    /** The variant that counts on one thread without exclusion: the work itself. */
    public static final String SEQUENTIAL = "SEQUENTIAL";

    @Param({"NUMA_MCS", "UNFAIR_REENTRANT", "SYNCHRONIZED", LOCK_FREE})
    public String lock;

    @Param({"2", "16"})
    public int threads;

    @Param("100000")
    public int lines;

    @Param("0")
    public int maps;

    @Param("42")
    public long seed;

    private List<String> text;
    private Map<String, Integer> expected;
    /** This invocation's counts; package-private so that a test can check the check. */
    WordCounts counts;
    /** Makes each exclusion's hand-off recorder; package-private so that a test can record as if on several nodes. */
    Supplier<Handoffs> handoffRecorder = Handoffs::ofThisJvm;

    @Setup(Level.Trial)
    public void generateText() {
        JvmFlags.requireLibraryFlags();
        if (lock.equals(SEQUENTIAL) && threads != 1) {
            throw new IllegalArgumentException(SEQUENTIAL + " counts on one thread, not " + threads);
        }
        text = Text.generate(lines, seed);
        expected = Text.countSequentially(text);
    }

    @Setup(Level.Invocation)
    public void emptyCounts() {
        counts = WordCounts.of(lock, maps > 0 ? maps : Workers.carriers(), handoffRecorder);
    }

    @Benchmark
    public void count(PinnedCarriers carriers, HandoffCounts handoffCounts) throws InterruptedException {
        Workers.runTogether(threads, "text-", worker -> {
            Workers.Share share = Workers.shareOf(worker, threads, text.size());
            for (int line = share.from(); line < share.to(); line++) {
                for (String word : Text.words(text.get(line))) {
                    counts.add(word);
                }
                Thread.yield();
            }
        });
        handoffCounts.takeFrom(counts.handoffs());
    }

    @TearDown(Level.Invocation)
    public void requireExactCounts() {
        Text.requireEqual(expected, counts.toMap(), lock);
    }
}

package org.numaloom.perf.bench;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
import org.openjdk.jmh.annotations.Warmup;

import static org.numaloom.perf.bench.JvmFlags.NATIVE_ACCESS;
import static org.numaloom.perf.bench.JvmFlags.OPEN_JAVA_LANG;

/**
 * The classic lock microbenchmark: virtual threads that take one {@link Exclusion} over and over
 * for a critical section of a few nanoseconds, with a little work of their own in between and no
 * yields anywhere. What it measures is the lock itself: acquire, release and the hand-over to the
 * next thread, with almost nothing else to hide them behind.
 *
 * <p>One invocation starts {@code threads} virtual threads, which share {@code acquisitionsCount}
 * acquisitions evenly. Before each acquisition a thread takes {@code outsideWork}
 * {@linkplain #xorshift xorshift64 steps} of a value of its own (6 dependent shifts and xors each;
 * the default 3 steps are about 20 ALU operations). Inside, it increments each of
 * {@code sharedWords} shared longs, the first of which is the counter; the default 1 is just the
 * counter. The score is the time until every thread has finished, turned into acquisitions per
 * second by the runner.
 *
 * <p>Where the topology in force has several nodes, each acquisition's node is recorded
 * ({@link Handoffs}) and reported in {@link HandoffCounts}; the look-up is then part of every
 * critical section, a few nanoseconds beside the counter's increment.
 *
 * <p>Every trial gets a new exclusion. After each invocation every shared word must equal
 * {@code acquisitionsCount} (see {@link Entries}): a broken exclusion loses increments, and a
 * benchmark must not be fast by being wrong. The threads' own values are folded into the benchmark's
 * result, which JMH consumes, so the JIT cannot drop the work outside the lock.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {NATIVE_ACCESS, OPEN_JAVA_LANG})
public class ShortSectionBenchmark {
    @Param({"NUMA_MCS", "MCS", "UNFAIR_REENTRANT", "SYNCHRONIZED"})
    public String lock;

    @Param({"1", "2", "4", "16", "64", "256"})
    public int threads;

    @Param("1000000")
    public int acquisitionsCount;

    @Param("3")
    public int outsideWork;

    @Param("1")
    public int sharedWords;

    /** Package-private so that a test can put a broken one in and see the check catch it. */
    Exclusion exclusion;
    private Handoffs handoffs;
    private Runnable criticalSection;
    /** The words the critical section increments, {@code words[0]} the counter; guarded by {@link #exclusion}. */
    private long[] words;

    @Setup(Level.Trial)
    public void createExclusion() {
        JvmFlags.requireLibraryFlags();
        if (threads < 1 || acquisitionsCount < 0 || outsideWork < 0 || sharedWords < 1) {
            throw new IllegalArgumentException("threads and sharedWords must be >= 1, acquisitionsCount and outsideWork >= 0;"
                    + " got threads=" + threads + ", acquisitionsCount=" + acquisitionsCount + ", outsideWork="
                    + outsideWork + ", sharedWords=" + sharedWords);
        }
        exclusion = Exclusion.named(lock);
        recordHandoffs(Handoffs.ofThisJvm());
        words = new long[sharedWords];
    }

    /**
     * Records this trial's hand-offs with {@code recorder}; package-private so that a test can
     * record as if the topology had several nodes.
     */
    void recordHandoffs(Handoffs recorder) {
        handoffs = recorder;
        criticalSection = recorder.around(this::criticalSection);
    }

    /** @return the threads' own values folded together, for JMH to consume */
    @Benchmark
    public long run(PinnedCarriers carriers, HandoffCounts counts) throws InterruptedException {
        Arrays.fill(words, 0);
        long[] ownValues = new long[threads];
        Workers.runTogether(threads, "short-section-", worker -> ownValues[worker] = acquireRepeatedly(worker));
        requireEveryAcquisitionCounted();
        counts.takeFrom(List.of(handoffs));
        return fold(ownValues);
    }

    /** One worker's share of the acquisitions, each after its work outside; returns its own value. */
    private long acquireRepeatedly(int worker) {
        long own = seedOf(worker);
        for (int i = Workers.shareOf(worker, threads, acquisitionsCount).size(); i > 0; i--) {
            own = workOutside(own, outsideWork);
            exclusion.run(criticalSection);
        }
        return own;
    }

    private void criticalSection() {
        long[] shared = words;
        for (int w = 0; w < shared.length; w++) {
            shared[w]++;
        }
    }

    private void requireEveryAcquisitionCounted() {
        for (int w = 0; w < words.length; w++) {
            Entries.requireAll(exclusion.name(), words[w], acquisitionsCount,
                    w == 0 ? "acquisitions" : "acquisitions (shared word " + w + ")");
        }
    }

    /** Worker {@code i}'s starting value: never 0, which xorshift would keep at 0. */
    static long seedOf(int worker) {
        return (worker + 1L) * 0x9E3779B97F4A7C15L;
    }

    /** {@code steps} xorshift64 steps of {@code value}. */
    static long workOutside(long value, int steps) {
        long x = value;
        for (int s = 0; s < steps; s++) {
            x = xorshift(x);
        }
        return x;
    }

    /** Marsaglia's xorshift64 (13, 7, 17): three shifts and three xors, each depending on the last. */
    static long xorshift(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x;
    }

    private static long fold(long[] values) {
        long folded = 0;
        for (long value : values) {
            folded ^= value;
        }
        return folded;
    }
}

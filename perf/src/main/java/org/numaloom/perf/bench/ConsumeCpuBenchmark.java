package org.numaloom.perf.bench;

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
import org.openjdk.jmh.infra.Blackhole;

import static org.numaloom.perf.bench.JvmFlags.NATIVE_ACCESS;
import static org.numaloom.perf.bench.JvmFlags.OPEN_JAVA_LANG;

/**
 * The seed study's microbenchmark: virtual threads that alternate work outside and inside one
 * {@link Exclusion}.
 *
 * <p>One invocation starts {@code threads} virtual threads, which share {@code actionsCount} work
 * items evenly. Each item burns {@code beforeCpuTokens} of {@link Blackhole#consumeCPU}, yields
 * {@code yieldsBefore} times, then enters the exclusion, burns {@code inCpuTokens}, yields once if
 * {@code yieldInCrit}, and leaves. The score is the time until every thread has finished. The
 * yields are what make this a virtual-thread benchmark: a thread that yields inside the critical
 * section unmounts while holding the exclusion, so how cheaply waiters get out of the way and the
 * holder gets back on a carrier decides the result.
 *
 * <p>High contention (the defaults): nothing before, {@code consumeCPU(1000)} and a yield inside.
 * Low contention: {@code beforeCpuTokens = 128000} and two yields before. The configs under
 * {@code perf/configs/} hold both.
 *
 * <p>Where the topology in force has several nodes, each acquisition's node is recorded
 * ({@link Handoffs}) and reported in {@link HandoffCounts}.
 *
 * <p>Every trial gets a new exclusion. The critical section counts its entries in a plain field,
 * and an invocation fails unless the count equals {@code actionsCount}: a broken exclusion loses
 * increments, and a benchmark must not be fast by being wrong.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {NATIVE_ACCESS, OPEN_JAVA_LANG})
public class ConsumeCpuBenchmark {
    @Param({"NUMA_MCS", "MCS", "UNFAIR_REENTRANT", "SYNCHRONIZED"})
    public String lock;

    @Param({"2", "4", "16", "64"})
    public int threads;

    @Param("64000")
    public int actionsCount;

    @Param("0")
    public long beforeCpuTokens;

    @Param("1000")
    public long inCpuTokens;

    @Param("1")
    public int yieldsBefore;

    @Param("true")
    public boolean yieldInCrit;

    private Exclusion exclusion;
    private Handoffs handoffs;
    private Runnable criticalSection;
    /** Entries into the critical section in this invocation; guarded by {@link #exclusion}. */
    private int entries;

    @Setup(Level.Trial)
    public void createExclusion() {
        JvmFlags.requireLibraryFlags();
        if (threads < 1 || actionsCount < 0) {
            throw new IllegalArgumentException("threads must be >= 1 and actionsCount >= 0, got threads="
                    + threads + ", actionsCount=" + actionsCount);
        }
        exclusion = Exclusion.named(lock);
        recordHandoffs(Handoffs.ofThisJvm());
    }

    /**
     * Records this trial's hand-offs with {@code recorder}; package-private so that a test can
     * record as if the topology had several nodes.
     */
    void recordHandoffs(Handoffs recorder) {
        handoffs = recorder;
        criticalSection = yieldInCrit ? recorder.aroundYielding(this::criticalSection) : recorder.around(this::criticalSection);
    }

    @Benchmark
    public void run(PinnedCarriers carriers, HandoffCounts counts) throws InterruptedException {
        entries = 0;
        Workers.runTogether(threads, "consume-cpu-", worker -> {
            for (int i = Workers.shareOf(worker, threads, actionsCount).size(); i > 0; i--) {
                performItem();
            }
        });
        requireAllItemsDone();
        counts.takeFrom(List.of(handoffs));
    }

    private void performItem() {
        Blackhole.consumeCPU(beforeCpuTokens);
        for (int y = 0; y < yieldsBefore; y++) {
            Thread.yield();
        }
        exclusion.run(criticalSection);
    }

    private void criticalSection() {
        Blackhole.consumeCPU(inCpuTokens);
        if (yieldInCrit) {
            Thread.yield();
        }
        entries++;
    }

    private void requireAllItemsDone() {
        Entries.requireAll(lock, entries, actionsCount, "items");
    }
}

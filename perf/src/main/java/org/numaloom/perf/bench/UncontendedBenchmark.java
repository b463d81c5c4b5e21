package org.numaloom.perf.bench;

import static org.numaloom.perf.bench.JvmFlags.NATIVE_ACCESS;
import static org.numaloom.perf.bench.JvmFlags.OPEN_JAVA_LANG;
import static org.numaloom.perf.bench.JvmFlags.VIRTUAL_BENCHMARK_THREADS;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One thread takes and releases a lock nobody else wants, around a counter increment: what a lock
 * costs where it is not contended, the common case of a lock guarding one of many objects (the
 * text statistics' maps). The kit's locks must be no slower here than {@code synchronized}.
 *
 * <p>The node count of the topology does not enter: the kit's locks ask which node the thread runs
 * on only once the word is found held, so an uncontended acquisition and release take the same
 * path with one node or eight. Run on JMH's platform threads and, with {@code -Djmh.executor=VIRTUAL},
 * on a virtual thread, where the owner is the virtual thread and not its carrier:
 * {@code java -jar perf/target/benchmarks.jar UncontendedBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgs = {NATIVE_ACCESS, OPEN_JAVA_LANG})
public class UncontendedBenchmark {
    /** The lock and what it guards; one per benchmark thread, so nobody else ever wants it. */
    @State(Scope.Thread)
    public static class Section {
        @Param({"NUMA_MCS", "CNA", "MCS", Exclusion.UNFAIR_REENTRANT, Exclusion.SYNCHRONIZED})
        public String lock;

        Exclusion exclusion;
        long counter;
        final Runnable increment = () -> counter++;

        @Setup
        public void setUp() {
            exclusion = Exclusion.named(lock);
        }

        long lockIncrementUnlock() {
            exclusion.run(increment);
            return counter;
        }
    }

    /** Checks, on the benchmark thread, that the fork runs it as the method's name says. */
    @State(Scope.Thread)
    public static class OnPlatformThread {
        @Setup
        public void check() {
            CpuLocatorBenchmark.requireVirtual(false);
        }
    }

    /** Checks that the fork really runs the benchmark on a virtual thread ({@code -Djmh.executor=VIRTUAL}). */
    @State(Scope.Thread)
    public static class OnVirtualThread {
        @Setup
        public void check() {
            CpuLocatorBenchmark.requireVirtual(true);
        }
    }

    @Benchmark
    public long platformThread(Section section, OnPlatformThread thread) {
        return section.lockIncrementUnlock();
    }

    @Benchmark
    @Fork(jvmArgsAppend = VIRTUAL_BENCHMARK_THREADS)
    public long virtualThread(Section section, OnVirtualThread thread) {
        return section.lockIncrementUnlock();
    }
}

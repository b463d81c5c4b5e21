package org.numaloom.perf.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import static org.numaloom.perf.bench.JvmFlags.NATIVE_ACCESS;
import static org.numaloom.perf.bench.JvmFlags.OPEN_JAVA_LANG;

/**
 * The two unit costs from which the ideal throughput of a consumeCPU bench follows: one token of
 * {@link Blackhole#consumeCPU} and one {@link Thread#yield()} of a virtual thread (unmount, resubmit,
 * mount again). The yield is measured with one yielding thread per carrier, so that every carrier
 * is busy as in the lock benchmarks: with idle carriers about, each yield would also wake one of
 * them to take the resubmitted thread, and cost several times more. The runner measures both at the
 * start of every run, on the same machine and placement as the locks, since both depend on the CPU,
 * its clock and the JDK.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {NATIVE_ACCESS, OPEN_JAVA_LANG})
public class CostCalibrationBenchmark {
    static final int TOKENS = 10_000;
    static final int YIELDS = 10_000;

    @Benchmark
    @OperationsPerInvocation(TOKENS)
    public void consumeCpuToken(PinnedCarriers carriers) {
        Blackhole.consumeCPU(TOKENS);
    }

    @Benchmark
    @OperationsPerInvocation(YIELDS)
    public void virtualThreadYield(PinnedCarriers carriers) throws InterruptedException {
        Workers.runTogether(Workers.carriers(), "yield-", carrier -> {
            for (int i = 0; i < YIELDS; i++) {
                Thread.yield();
            }
        });
    }
}

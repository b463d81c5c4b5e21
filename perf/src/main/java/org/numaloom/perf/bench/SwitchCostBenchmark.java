package org.numaloom.perf.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.numaloom.perf.placement.CarrierPinning;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * What one thread switch costs: {@code threads} threads on one CPU, each calling
 * {@link Thread#yield()} {@code yieldsPerThread} times. For virtual threads (the runner gives the
 * fork one carrier, pinned to one CPU) each yield unmounts one thread and mounts the next; for
 * platform threads (each pins itself to the carrier's CPU) it is {@code sched_yield}. Every hand-off
 * of a lock to a parked virtual thread pays at least one such switch, so this is the floor under the
 * lock benchmarks.
 *
 * <p>The threads are started before the timed part and wait at a gate; the score is the time from
 * opening the gate until all have finished. While they wait, the memory they hold is taken as two
 * secondary results: the growth of the process's resident set (native stacks of platform threads
 * among it) and of the Java heap after a full collection (virtual threads' stacks live there), per
 * thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {NATIVE_ACCESS, OPEN_JAVA_LANG, "-Djdk.virtualThreadScheduler.parallelism=1"})
public class SwitchCostBenchmark {
    public static final String VIRTUAL = "VIRTUAL";
    public static final String PLATFORM = "PLATFORM";

    @Param({VIRTUAL, PLATFORM})
    public String kind;

    @Param({"100", "1000"})
    public int threads;

    @Param("100")
    public int yieldsPerThread;

    private Thread[] waiting;
    private CountDownLatch gate;
    private double residentBytesPerThread;
    private double heapBytesPerThread;

    /** The memory the waiting threads held, reported by JMH beside the time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Memory {
        public double residentBytesPerThread;
        public double heapBytesPerThread;
    }

    @Setup(Level.Invocation)
    public void startWaitingThreads() throws InterruptedException {
        Thread.Builder builder = switch (kind) {
            case VIRTUAL -> Thread.ofVirtual();
            case PLATFORM -> Thread.ofPlatform();
            default -> throw new IllegalArgumentException("kind must be " + VIRTUAL + " or " + PLATFORM + ", got " + kind);
        };
        long residentBefore = residentBytes();
        long heapBefore = heapBytesAfterGc();
        gate = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(threads);
        waiting = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            waiting[i] = builder.start(() -> yieldAfter(started));
        }
        started.await();
        residentBytesPerThread = (double) (residentBytes() - residentBefore) / threads;
        heapBytesPerThread = (double) (heapBytesAfterGc() - heapBefore) / threads;
    }

    @Benchmark
    public void yieldAll(PinnedCarriers carriers, Memory memory) throws InterruptedException {
        gate.countDown();
        for (Thread thread : waiting) {
            thread.join();
        }
        memory.residentBytesPerThread = residentBytesPerThread;
        memory.heapBytesPerThread = heapBytesPerThread;
    }

    private void yieldAfter(CountDownLatch started) {
        if (!Thread.currentThread().isVirtual()) {
            CarrierPinning.pinLikeFirstCarrier();
        }
        started.countDown();
        if (Workers.awaitOpen(gate)) {
            for (int i = 0; i < yieldsPerThread; i++) {
                Thread.yield();
            }
        }
    }

    /** VmRSS of {@code /proc/self/status}; 0 where there is none (not Linux), which makes the result 0. */
    private static long residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return 1024 * Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
            return 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    private static long heapBytesAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}

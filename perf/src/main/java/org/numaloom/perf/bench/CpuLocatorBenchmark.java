package org.numaloom.perf.bench;

import java.util.concurrent.TimeUnit;

import org.numaloom.locks.NodeLocator;
import org.numaloom.locks.placement.CpuLocator;
import org.numaloom.locks.topology.Topology;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import static org.numaloom.perf.bench.JvmFlags.NATIVE_ACCESS;
import static org.numaloom.perf.bench.JvmFlags.OPEN_JAVA_LANG;
import static org.numaloom.perf.bench.JvmFlags.VIRTUAL_BENCHMARK_THREADS;

/**
 * What each path of {@link CpuLocator} costs per call, on the kinds of thread that take it.
 *
 * <ul>
 * <li>{@code platformThread*}: JMH's own platform threads; {@code currentCpu()} reads a
 *     {@code ThreadLocal} cache.
 * <li>{@code virtualThread*}: forked with {@code -Djmh.executor=VIRTUAL}, which makes JMH 1.37 run
 *     its benchmark threads as virtual threads, so the measured loop itself runs on a virtual thread;
 *     {@code currentCpu()} finds the carrier's cache through {@code Thread.currentCarrierThread}.
 * <li>{@code virtualThreadWithoutAddOpens}: the same without {@code --add-opens java.base/java.lang},
 *     so the locator cannot see carriers and {@code currentCpu()} asks the kernel every call.
 * </ul>
 *
 * {@code *Uncached} calls {@code currentCpuUncached()}, one JNA {@code sched_getcpu} per call.
 * {@code virtualThreadNode} is the cached look-up plus the node of that CPU under a two-node
 * topology: what {@link Handoffs} adds to each critical section it records.
 *
 * <p>The forks set {@code jvmArgs}, which replaces the flags a fork would otherwise inherit from the
 * JVM that runs JMH: those may well open {@code java.lang}. A method's {@code @Fork} overrides the
 * class's attribute by attribute. Each state checks in its set-up, on the benchmark thread, that the
 * fork really gives the thread kind and carrier visibility its benchmarks claim to measure: run with
 * {@code -f 0} or other JVM flags, a mislabelled number would otherwise look plausible.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {NATIVE_ACCESS, OPEN_JAVA_LANG})
public class CpuLocatorBenchmark {
    private static final String TWO_NODES = "2 nodes x 1 cpus";

    @Benchmark
    public void platformThreadCached(OnPlatformThread thread, Blackhole blackhole) {
        blackhole.consume(CpuLocator.currentCpu());
    }

    @Benchmark
    public void platformThreadUncached(OnPlatformThread thread, Blackhole blackhole) {
        blackhole.consume(CpuLocator.currentCpuUncached());
    }

    @Benchmark
    @Fork(jvmArgsAppend = VIRTUAL_BENCHMARK_THREADS)
    public void virtualThreadCached(OnVirtualThreadSeeingCarriers thread, Blackhole blackhole) {
        blackhole.consume(CpuLocator.currentCpu());
    }

    @Benchmark
    @Fork(jvmArgsAppend = VIRTUAL_BENCHMARK_THREADS)
    public void virtualThreadUncached(OnVirtualThreadSeeingCarriers thread, Blackhole blackhole) {
        blackhole.consume(CpuLocator.currentCpuUncached());
    }

    @Benchmark
    @Fork(jvmArgs = {NATIVE_ACCESS}, jvmArgsAppend = VIRTUAL_BENCHMARK_THREADS)
    public void virtualThreadWithoutAddOpens(OnVirtualThreadBlindToCarriers thread, Blackhole blackhole) {
        blackhole.consume(CpuLocator.currentCpu());
    }

    /** What {@link Handoffs} adds to each critical section it records: the carrier's CPU, then its node. */
    @Benchmark
    @Fork(jvmArgsAppend = {VIRTUAL_BENCHMARK_THREADS, "-D" + Topology.PROPERTY + "=" + TWO_NODES})
    public void virtualThreadNode(OnVirtualThreadUnderTwoNodes thread, Blackhole blackhole) {
        blackhole.consume(thread.locator.currentNode());
    }

    /** The benchmark thread is virtual, sees its carrier, and the topology in force has the nodes that make Handoffs record. */
    @State(Scope.Thread)
    public static class OnVirtualThreadUnderTwoNodes {
        NodeLocator locator;

        @Setup(Level.Trial)
        public void check() {
            locator = Handoffs.nodeLocator();
            new OnVirtualThreadSeeingCarriers().check();
            if (!Handoffs.recordedUnder(Topology.current())) {
                throw new IllegalStateException("this benchmark must run under the topology \"" + TWO_NODES
                        + "\" (its @Fork sets " + Topology.PROPERTY + "), not " + Topology.current());
            }
        }
    }

    /** The benchmark thread is a platform thread (JMH's default executor). */
    @State(Scope.Thread)
    public static class OnPlatformThread {
        @Setup(Level.Trial)
        public void check() {
            requireKernelAnswers();
            requireVirtual(false);
        }
    }

    /** The benchmark thread is virtual and the locator sees its carrier. */
    @State(Scope.Thread)
    public static class OnVirtualThreadSeeingCarriers {
        @Setup(Level.Trial)
        public void check() {
            requireKernelAnswers();
            requireVirtual(true);
            requireCarriersVisible(true);
        }
    }

    /** The benchmark thread is virtual and the locator cannot see its carrier. */
    @State(Scope.Thread)
    public static class OnVirtualThreadBlindToCarriers {
        @Setup(Level.Trial)
        public void check() {
            requireKernelAnswers();
            requireVirtual(true);
            requireCarriersVisible(false);
        }
    }

    private static void requireKernelAnswers() {
        if (!CpuLocator.kernelAnswers()) {
            throw new IllegalStateException("sched_getcpu is not available here, so every path returns -1 at once");
        }
    }

    /** Fails unless the benchmark thread is of the kind its method names; shared with the other benchmarks' states. */
    static void requireVirtual(boolean virtual) {
        if (Thread.currentThread().isVirtual() != virtual) {
            throw new IllegalStateException("this benchmark must run on a " + (virtual ? "virtual" : "platform")
                    + " thread: run it in the fork its @Fork declares (JVM flag " + VIRTUAL_BENCHMARK_THREADS
                    + (virtual ? "" : " absent") + "), not with -f 0 or other JVM flags");
        }
    }

    private static void requireCarriersVisible(boolean visible) {
        if (CpuLocator.carriersVisible() != visible) {
            throw new IllegalStateException("this benchmark must run " + (visible ? "with" : "without")
                    + " the JVM flag " + OPEN_JAVA_LANG + ": run it in the fork its @Fork declares");
        }
    }
}

package org.numaloom.perf.bench;

import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import org.numaloom.locks.NodeLocator;
import org.numaloom.locks.placement.CpuLocator;
import org.numaloom.locks.topology.Topology;

/**
 * Where one exclusion went between its holders: for each acquisition, whether the new holder takes
 * it on a different NUMA node than the one the previous holder let it go on, by the topology in
 * force. A lock's locality is
 * what a NUMA-aware lock is for, and on a machine with one node its throughput cannot show it; this
 * count can, under a simulated topology ({@code numaloom.topology}) with the carriers pinned in
 * topology order, where a virtual thread's node is its carrier's.
 *
 * <p>The benchmark records it, not the lock, so every exclusion is measured the same way, the
 * monitor and a user's plugged-in lock included: {@link #around} wraps a critical section in a
 * section that first looks up the holder's node and compares it with the node the previous holder
 * let the lock go on, left in a plain field. That bookkeeping runs under the exclusion it records, so the field and the
 * counters need no synchronization of their own, and the counts are exact.
 *
 * <p>Its cost is one look-up of the current node per acquisition (two for a section that yields,
 * below), inside the critical section: the
 * carrier's cached CPU ({@link CpuLocator#currentCpu}, a kernel call every 64th time) mapped to a
 * node, 6.5 ns here ({@link #nodeLocator}). Beside a short critical section that is a real part of
 * it, so recording is on only where it can show something: when the topology in force has more
 * than one node ({@link #recordedUnder}). On one node every hand-off is local, and {@link #around}
 * returns the section unchanged.
 *
 * <p>Optionally, each remote hand-off is also charged a modelled cost: the holder spins for
 * {@code remoteCostNanos} before running the section, standing in for the cache lines of the lock and
 * of the data it guards crossing between nodes (see docs/benchmarks.md for where a figure comes
 * from). It is a model: real transfers cost what the lines touched cost, not a constant.
 *
 * <p>A hand-off goes from where the previous holder let the lock go to where the new holder takes
 * it: the lock's word and the data it guards were last written on the one node and are next
 * touched on the other. A virtual thread changes carrier only where it yields or parks, so for a
 * section that does neither, the node it acquired on is the node it releases on, and one look-up
 * serves ({@link #around}). A section that yields may end on another carrier (the consumeCPU
 * benches' yield inside), and {@link #aroundYielding} looks the node up again as it ends: compared
 * with the node it acquired on, the yield's move was counted as the lock's (on 2 simulated nodes of
 * one CPU each, see docs/results.md, 2026-11-28).
 */
public final class Handoffs {
    /** Fork property: the modelled cost of a remote hand-off, in nanoseconds; absent or 0 for none. */
    public static final String REMOTE_COST_PROPERTY = "numaloom.perf.remoteCostNanos";
    /** The secondary result of {@link HandoffCounts#acquisitions}: JMH names it after the field. */
    public static final String ACQUISITIONS_RESULT = "acquisitions";
    /** The secondary result of {@link HandoffCounts#remoteHandoffs}. */
    public static final String REMOTE_HANDOFFS_RESULT = "remoteHandoffs";
    /** The previous node before any holder. */
    private static final int NO_HOLDER = -1;

    /** The node of the calling thread; null when not recording. */
    private final IntSupplier currentNode;
    private final long remoteCostNanos;
    private final LongSupplier clock;
    /** Guarded by the exclusion whose sections this records, like the counters below. */
    private int previousNode = NO_HOLDER;
    private long acquisitions;
    private long remoteHandoffs;

    /**
     * @param currentNode     the node of the calling thread; null to record nothing
     * @param remoteCostNanos what to charge a remote hand-off inside the section; 0 for nothing
     * @param clock           nanoseconds, for the charge ({@link System#nanoTime} but in tests)
     */
    Handoffs(IntSupplier currentNode, long remoteCostNanos, LongSupplier clock) {
        if (remoteCostNanos < 0) {
            throw new IllegalArgumentException("a remote cost cannot be negative: " + remoteCostNanos + " ns");
        }
        this.currentNode = currentNode;
        this.remoteCostNanos = remoteCostNanos;
        this.clock = clock;
    }

    /**
     * A new recorder for one exclusion of this JVM (a benchmark fork): recording where the topology
     * in force has several nodes, charging the cost that {@value #REMOTE_COST_PROPERTY} names.
     */
    static Handoffs ofThisJvm() {
        Topology topology = Topology.current();
        if (!recordedUnder(topology)) {
            return new Handoffs(null, 0, System::nanoTime);
        }
        return new Handoffs(nodeLocator()::currentNode, Long.getLong(REMOTE_COST_PROPERTY, 0), System::nanoTime);
    }

    /**
     * The node of the calling thread's carrier by the topology in force, found as the kit's locks
     * find it; its look-up is what recording costs at each acquisition
     * ({@code CpuLocatorBenchmark.virtualThreadNode} measures it). Built before the contenders
     * start, like a lock, so that they do not run its one-time work ({@link CpuLocator#prepare()});
     * with a JDK lock, whose building prepares nothing, the first contenders would.
     */
    static NodeLocator nodeLocator() {
        return NodeLocator.current();
    }

    /**
     * Whether hand-offs are recorded under a topology: only where it has more than one node. The
     * runner asks this too, to say in the report whether the column can have values.
     */
    public static boolean recordedUnder(Topology topology) {
        return topology.nodeCount() > 1;
    }

    /** Whether this recorder records; if not, {@link #around} adds nothing and the counts stay 0. */
    boolean recording() {
        return currentNode != null;
    }

    /**
     * The section to run under the exclusion instead of {@code criticalSection}, one that neither
     * yields nor parks: it records the acquisition, then runs {@code criticalSection}, and the node
     * it acquired on stands as the node the next holder takes the lock from. Without recording,
     * {@code criticalSection} itself. Make it once where the section is fixed: wrapping allocates.
     */
    Runnable around(Runnable criticalSection) {
        if (!recording()) {
            return criticalSection;
        }
        return () -> {
            acquired();
            criticalSection.run();
        };
    }

    /**
     * As {@link #around}, for a section that may yield or park and so end on another carrier than
     * it began on: as it ends, the node is looked up again, and the next holder's is compared with
     * that one. It costs a second look-up per acquisition.
     */
    Runnable aroundYielding(Runnable criticalSection) {
        if (!recording()) {
            return criticalSection;
        }
        return around(() -> {
            criticalSection.run();
            previousNode = currentNode.getAsInt();
        });
    }

    /** Acquisitions recorded since the last {@link #clear}. */
    long acquisitions() {
        return acquisitions;
    }

    /** Acquisitions since the last {@link #clear} taken on another node than the previous holder let go on. */
    long remoteHandoffs() {
        return remoteHandoffs;
    }

    /**
     * Sets the counts to 0, between invocations. The previous holder's node stays: the first holder
     * of the next invocation takes the lock over from the last of this one.
     */
    void clear() {
        acquisitions = 0;
        remoteHandoffs = 0;
    }

    /** Called by the new holder, under the exclusion. */
    private void acquired() {
        int node = currentNode.getAsInt();
        acquisitions++;
        if (previousNode != NO_HOLDER && node != previousNode) {
            remoteHandoffs++;
            chargeRemoteCost();
        }
        previousNode = node;
    }

    /** Spins rather than parks: a holder that parked would let others run and hide the cost. */
    private void chargeRemoteCost() {
        if (remoteCostNanos == 0) {
            return;
        }
        long until = clock.getAsLong() + remoteCostNanos;
        while (clock.getAsLong() - until < 0) {
            Thread.onSpinWait();
        }
    }
}

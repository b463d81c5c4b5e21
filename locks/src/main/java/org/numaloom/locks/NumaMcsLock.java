package org.numaloom.locks;

/**
 * A NUMA-aware queue lock for virtual threads: a global lock word, one MCS queue per NUMA node, and
 * a leader per node that competes for the word.
 *
 * <p>A thread that finds the word taken joins the {@link McsQueue} of the NUMA node it runs on
 * ({@link NodeLocator}); the head of each node's queue is that node's leader. So at most one thread
 * per node contends for the word, and a hand-over inside a queue stays on its node. How leaders
 * compete, barge, park and are handed the lock is the {@link LeaderLock} engine's; after
 * {@code handOffBound} releases made while a leader is parked, the lock goes to a waiting leader of
 * the next node in turn, so a parked leader gets the lock within {@code handOffBound × nodeCount}
 * such releases, and a queued thread within that many times its position in its node's queue.
 *
 * <p>The price of one queue per node is one competing leader per node: on a machine with many
 * nodes the word's cache line moves between nodes among leaders. {@link CnaLock} keeps one queue and
 * one leader instead, and reorders the queue to stay on a node.
 *
 * <p>Reentrant; see {@link AbstractReentrantLock} for the {@code Lock} contract.
 */
public final class NumaMcsLock extends LeaderLock {
    /**
     * The longest a thread spins before it queues or parks, in nanoseconds, unless a lock is built
     * with its own: 20,000, or the system property {@code numaloom.leaderSpinNanos}.
     */
    public static final long DEFAULT_MAX_SPIN_NANOS = LeaderLock.DEFAULT_MAX_SPIN_NANOS;

    /**
     * Releases with a leader parked between forced hand-overs, unless a lock is built with its own:
     * 64, or the system property {@code numaloom.handOffBound}.
     */
    public static final int DEFAULT_HANDOFF_BOUND = LeaderLock.DEFAULT_HANDOFF_BOUND;

    private final int nodeCount;

    /**
     * A lock over the NUMA nodes of the topology in force, with the default tuning.
     *
     * @throws IllegalArgumentException if a tuning property it reads holds a value that was refused
     */
    public NumaMcsLock() {
        this(NodeLocator.current(), LEADER_SPIN_NANOS.checked(), (int) HANDOFF_BOUND.checked());
    }

    /**
     * @param locator         the nodes, and which one the calling thread runs on
     * @param maxSpinNanos the longest a thread spins before it queues or parks (0: never spin)
     * @param handOffBound releases with a leader parked after which the lock is handed directly to
     *                     a waiting leader
     */
    public NumaMcsLock(NodeLocator locator, long maxSpinNanos, int handOffBound) {
        this(locator, maxSpinNanos, handOffBound, nodeCountOf(locator));
    }

    private NumaMcsLock(NodeLocator locator, long maxSpinNanos, int handOffBound, int nodeCount) {
        super(locator, maxSpinNanos, handOffBound, queuesFor(nodeCount));
        this.nodeCount = nodeCount;
    }

    private static NodeQueue[] queuesFor(int nodeCount) {
        NodeQueue[] queues = new NodeQueue[nodeCount];
        for (int i = 0; i < nodeCount; i++) {
            queues[i] = new NodeQueue();
        }
        return queues;
    }

    @Override
    int queueOf(int numaNode) {
        return Math.floorMod(numaNode, nodeCount);
    }

    /** The number of NUMA nodes this lock keeps a queue for. */
    public int nodeCount() {
        return nodeCount;
    }
}

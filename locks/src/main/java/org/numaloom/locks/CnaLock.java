package org.numaloom.locks;

/**
 * A compact NUMA-aware lock for virtual threads: a global lock word, one queue of waiters whose
 * head competes for the word, and a queue that is reordered to keep the lock on one NUMA node, after
 * Dice and Kogan's CNA lock.
 *
 * <p>Where {@link NumaMcsLock} keeps one queue and one competing leader per NUMA node, this lock
 * keeps one of each whatever the number of nodes: its size does not grow with the machine, and only
 * one waiter at a time contends for the word with barging threads. Locality comes from the order of
 * the queue instead: when the leader takes the word it passes the head to the first waiter on its
 * own node, setting remote waiters aside until that node has no more waiters or a bound is reached
 * ({@link CnaQueue}). Waiting, barging, parking and the hand-off bound are the {@link LeaderLock}
 * engine's.
 *
 * <p>A queued thread gets to lead within {@code localPassBound + 1} passes of the head per waiter
 * ahead of it, and a leader gets the lock within {@code handOffBound} releases made while it is
 * parked.
 *
 * <p>Reentrant; see {@link AbstractReentrantLock} for the {@code Lock} contract.
 */
public final class CnaLock extends LeaderLock {
    /**
     * The longest a thread spins before it queues or parks, in nanoseconds, unless a lock is built
     * with its own: 20,000, or the system property {@code numaloom.leaderSpinNanos}.
     */
    public static final long DEFAULT_MAX_SPIN_NANOS = LeaderLock.DEFAULT_MAX_SPIN_NANOS;

    /**
     * Releases with the leader parked between forced hand-overs to it, unless a lock is built with
     * its own: 64, or the system property {@code numaloom.handOffBound}.
     */
    public static final int DEFAULT_HANDOFF_BOUND = LeaderLock.DEFAULT_HANDOFF_BOUND;

    private static final Tuning.Setting LOCAL_PASS_BOUND = Tuning.count("numaloom.localPassBound", 1, 64);

    /**
     * Passes of the head to same-node waiters while remote waiters wait, unless a lock is built with
     * its own: 64, or the system property {@code numaloom.localPassBound}.
     */
    public static final int DEFAULT_LOCAL_PASS_BOUND = (int) LOCAL_PASS_BOUND.value();

    /**
     * A lock over the NUMA nodes of the topology in force, with the default tuning.
     *
     * @throws IllegalArgumentException if a tuning property it reads holds a value that was refused
     */
    public CnaLock() {
        this(NodeLocator.current(), LEADER_SPIN_NANOS.checked(), (int) HANDOFF_BOUND.checked(),
                (int) LOCAL_PASS_BOUND.checked());
    }

    /**
     * @param locator         the nodes, and which one the calling thread runs on
     * @param maxSpinNanos   the longest a thread spins before it queues or parks (0: never spin)
     * @param handOffBound   releases with the leader parked after which the lock is handed directly
     *                       to it
     * @param localPassBound passes of the head to same-node waiters while remote waiters are set aside
     */
    public CnaLock(NodeLocator locator, long maxSpinNanos, int handOffBound, int localPassBound) {
        super(checked(locator), maxSpinNanos, handOffBound, new NodeQueue[] {new CnaQueue(localPassBound)});
    }

    private static NodeLocator checked(NodeLocator locator) {
        nodeCountOf(locator);
        return locator;
    }

    @Override
    int queueOf(int numaNode) {
        return 0;
    }
}

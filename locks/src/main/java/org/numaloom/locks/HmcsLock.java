package org.numaloom.locks;

import java.util.concurrent.locks.LockSupport;

import org.numaloom.locks.topology.Topology;

/**
 * A hierarchical MCS lock: a queue lock per group of CPUs at each level of the machine (clusters,
 * NUMA nodes, packages; see {@link Hierarchy}), each group's queue taking turns in its parent's,
 * up to one queue at the root. After Chabbi, Fagan and Mellor-Crummey, "High Performance Locks for
 * Multi-level NUMA Systems" (PPoPP 2015), which generalizes lock cohorting (Dice, Marathe and
 * Shavit, "Lock Cohorting", PPoPP 2012) from two levels to any number.
 *
 * <h2>Implementation overview</h2>
 *
 * <p><b>Acquiring.</b> A thread joins the queue ({@link McsQueue}) of its leaf group and waits for
 * its turn. A turn comes in one of two ways. {@link QNode#HEAD}: the thread is its group's first,
 * and acquires the parent group's queue in the same way with a node of its own, up to the root,
 * then holds the lock. {@link QNode#GRANTED}: its predecessor in the group passed the lock on
 * whole, the levels above included, so it holds the lock at once. A group that holds its parent
 * (a <em>cohort</em>: the group's threads, taking turns) remembers the node it holds the parent
 * with ({@code parentNode}), so that whichever member releases the parent uses that node.
 *
 * <p><b>Releasing, level by level from the leaf.</b> If the group's cohort has passed the lock
 * fewer than {@code cohortPassBound} times since it took the parent, and a member is queued, the
 * lock goes to that member whole ({@link McsQueue#grantToSuccessor}): the protected data and the
 * lock stay in the group's caches. Otherwise the group lets its parent go first (the parent's own
 * cohort decides where it goes next, in the same way), and then passes its queue's head on, so
 * that the next member has to take the parent again behind other groups. A group whose queue ran
 * empty while granting lets the parent go as well: a member that joins afterwards finds itself
 * first, and queues at the parent behind the node still held, which the release then passes on.
 *
 * <p><b>Bounds.</b> Each queue is FIFO and each cohort gives its parent up after at most
 * {@code cohortPassBound + 1} holds, so a waiter at any level waits for at most a bounded number of
 * holds: no starvation, as in the paper. There is no barging: a running thread never takes the lock
 * past queued ones, which is why this lock, like {@link McsLock}, hands many short critical sections
 * to a parked thread and is slow where they dominate. It is for locality and for fairness.
 *
 * <p><b>Waiting on virtual threads.</b> A queued thread spins on its own node for at most
 * {@code maxSpinNanos} and only while the holder may be running, then parks (as {@link McsLock}), so
 * no carrier is held hostage. A thread that gives up (timeout, interrupt) while queued cancels its
 * node, which leaves the queue ({@link McsQueue}); one that gives up at a parent level after its turn came at the levels
 * below passes those turns on as a release would, and the lock's state is as if it had never asked.
 *
 * <h2>Invariants</h2>
 * <ol>
 *   <li>The lock is held by the thread whose leaf node has the turn in its group and whose group,
 *       and each group above it, holds its parent through a node that has the turn there.</li>
 *   <li>{@code parentNode} and {@code cohortPasses} of a group are written only by the member
 *       that holds the lock, and handed to the next through the status compare-and-set that gives
 *       it its turn.</li>
 *   <li>A level with one group is the root; a hierarchy with no level below it is a plain MCS lock.</li>
 * </ol>
 */
public final class HmcsLock extends HmcsLockFields {
    private static final Tuning.Setting COHORT_PASS_BOUND = Tuning.count("numaloom.cohortPassBound", 0, 64);

    /**
     * Passes a cohort may make within its group before it lets the parent go, unless a lock is built
     * with its own: 64, or the system property {@code numaloom.cohortPassBound}.
     */
    public static final int DEFAULT_COHORT_PASS_BOUND = (int) COHORT_PASS_BOUND.value();

    /** Trailing padding of the holder's fields. */
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    private final Group[] leaves;
    private final Hierarchy hierarchy;
    private final long maxSpinNanos;
    private final int cohortPassBound;

    /**
     * Levels from the topology in force ({@link Topology#current()}), default spin and bound.
     *
     * @throws IllegalArgumentException if a tuning property it reads holds a value that was refused
     */
    public HmcsLock() {
        this(Hierarchy.of(Topology.current()), McsQueue.MAX_SPIN_NANOS.checked(), (int) COHORT_PASS_BOUND.checked());
    }

    /**
     * @param hierarchy       the groups, and which leaf group the calling thread runs in
     * @param maxSpinNanos    the longest a queued thread spins before it parks (0: park at once)
     * @param cohortPassBound holds a group passes on among its own threads before it lets its
     *                        parent go; 0 lets the parent go at every release
     */
    public HmcsLock(Hierarchy hierarchy, long maxSpinNanos, int cohortPassBound) {
        if (cohortPassBound < 0) {
            throw new IllegalArgumentException("cohortPassBound must be >= 0, got " + cohortPassBound);
        }
        this.hierarchy = hierarchy;
        this.maxSpinNanos = checkedSpin(maxSpinNanos);
        this.cohortPassBound = cohortPassBound;
        this.leaves = groupsOf(hierarchy);
    }

    /** The leaf groups, each linked to its parent up to one root. */
    private static Group[] groupsOf(Hierarchy hierarchy) {
        Group[] above = {new Group(null)};
        for (int level = hierarchy.levels() - 1; level >= 0; level--) {
            Group[] groups = new Group[hierarchy.groups(level)];
            for (int g = 0; g < groups.length; g++) {
                groups[g] = new Group(above[hierarchy.parentOf(level, g)]);
            }
            above = groups;
        }
        return above;
    }

    @Override
    boolean tryAcquire() {
        Group leaf = leafOfCurrentThread();
        QNode node = tryTake(leaf);
        if (node == null) {
            return false;
        }
        holderGroup = leaf;
        holderNode = node;
        return true;
    }

    /** Takes the group's queue and, through it, each level above, if all are free; never waits. */
    private static QNode tryTake(Group group) {
        if (!group.isEmpty()) {
            return null;
        }
        QNode node = new QNode(Thread.currentThread());
        if (!group.enqueueIfEmpty(node)) {
            return null;
        }
        if (group.parent == null) {
            return node;
        }
        QNode parentNode = tryTake(group.parent);
        if (parentNode == null) {
            passHeadAndWake(group, node);
            return null;
        }
        group.holdParent(parentNode);
        return node;
    }

    @Override
    boolean acquire(Waiter waiter) {
        Group leaf = leafOfCurrentThread();
        QNode node = new QNode(Thread.currentThread());
        watchHolder();
        try {
            if (!take(leaf, node, waiter)) {
                return false;
            }
        } finally {
            unwatchHolder();
        }
        holderGroup = leaf;
        holderNode = node;
        return true;
    }

    /**
     * Waits for the node's turn in the group, and takes the levels above unless they came with it.
     *
     * @return false if the waiter gave up; the group's queue then goes on without the node
     */
    private boolean take(Group group, QNode node, Waiter waiter) {
        if (group.enqueue(node) != null
                && !McsQueue.spinUntilTurn(node, maxSpinNanos, this, waiter) && !group.awaitHead(node, waiter)) {
            return false;
        }
        if (node.status == QNode.GRANTED || group.parent == null) {
            return true;
        }
        QNode parentNode = new QNode(Thread.currentThread());
        if (!take(group.parent, parentNode, waiter)) {
            passHeadAndWake(group, node);
            return false;
        }
        group.holdParent(parentNode);
        return true;
    }

    @Override
    void release() {
        Group group = holderGroup;
        QNode node = holderNode;
        holderGroup = null;
        holderNode = null;
        release(group, node);
    }

    /** Lets the group's turn go: whole to a queued member while the cohort may go on, else level by level. */
    private void release(Group group, QNode node) {
        if (group.parent == null) {
            passHeadAndWake(group, node);
            return;
        }
        QNode parentNode = group.parentNode;
        if (group.cohortPasses < cohortPassBound) {
            group.cohortPasses++; // before the grant, which publishes it to the next holder
            QNode next = group.grantToSuccessor(node);
            if (next != null) {
                LockSupport.unpark(next.thread);
                return;
            }
            releaseParent(group, parentNode); // the group's queue ran empty
            return;
        }
        releaseParent(group, parentNode);
        passHeadAndWake(group, node);
    }

    /**
     * The group's cohort lets the parent go, forgetting the node it held it with first, so that the
     * group keeps no thread of its last cohort reachable. A member that takes the parent next
     * records its own node only after this release, which publishes the clear to it.
     */
    private void releaseParent(Group group, QNode parentNode) {
        group.parentNode = null;
        release(group.parent, parentNode);
    }

    /** Passes the group's head on from the node and wakes the new head, which takes the levels above itself. */
    private static void passHeadAndWake(Group group, QNode node) {
        QNode next = group.passHead(node);
        if (next != null) {
            LockSupport.unpark(next.thread);
        }
    }

    private Group leafOfCurrentThread() {
        return leaves[hierarchy.currentLeaf()];
    }

    /**
     * One group's queue lock, and, while its cohort holds the parent's, the node it holds it with
     * and how often it has passed the lock on since.
     */
    static final class Group extends McsQueue {
        final Group parent;
        /**
         * The node with which this group's cohort holds the parent's queue, null while it does not;
         * written by the holder only.
         */
        QNode parentNode;
        /** Holds passed on within the group since it took the parent; written by the holder only. */
        int cohortPasses;

        Group(Group parent) {
            this.parent = parent;
        }

        /** The group's new cohort took the parent with that node. */
        void holdParent(QNode node) {
            parentNode = node;
            cohortPasses = 0;
        }
    }
}

/** The holder's fields of an {@link HmcsLock}, beside the holder and hold count. */
abstract class HmcsLockFields extends AbstractReentrantLock {
    /** The holder's leaf group (it may have moved since); holder-only. */
    HmcsLock.Group holderGroup;
    /**
     * The holder's node in its leaf group, null while nobody holds the lock; written by the holder
     * only, read by others to name the owner ({@link #ownerId()}).
     */
    QNode holderNode;

    @Override
    final long ownerId() {
        return QNode.holderIdOf(holderNode);
    }
}

package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A Mellor-Crummey–Scott queue whose waiters park, and may give up.
 *
 * <p>Threads append {@link QNode}s by swapping the tail, then link the predecessor to the new node.
 * The node at the head is the one whose turn it is: in {@link McsLock} it holds the lock, in
 * {@link NumaMcsLock} and {@link CnaLock} it leads its queue in the competition for the lock word.
 * The head passes its turn on with {@link #passHead}, which only makes the successor the head: the
 * caller decides when to wake it, so that a lock can keep a wake-up out of its critical section.
 * Each waiter waits on its own node's status, so a hand-over touches one remote cache line.
 *
 * <p>Giving up (timeout, interrupt) must leave the queue consistent without help from the thread
 * that gives up, which is by then gone. A waiter that gives up marks its node
 * {@link QNode#CANCELLED}; {@code passHead} skips cancelled nodes and unlinks a cancelled tail. The
 * mark and the hand-over are compare-and-sets on the same status, so exactly one of them wins: a
 * waiter that loses the race has become the head after all and must behave as one.
 *
 * <p><b>Leaving the queue.</b> The head may stay put for long (a long hold; a leader parked while
 * running threads take the lock), and a thread that polls with a timed {@code tryLock} gives up
 * once per attempt: nodes that only the head's pass took out would pile up behind it, each keeping
 * its thread, as {@code ReentrantLock}'s queue, which unlinks a cancelled node at once, does not. So
 * a node that gives up forgets its thread and unlinks itself if a successor is linked behind it:
 * its predecessor's {@code next} swings to the successor by compare-and-set; if none is linked
 * yet, the next arrival, which finds its predecessor cancelled, unlinks it (and any cancelled run
 * before it) in the same way. The arrival links itself before it reads its predecessor's status,
 * and the node that gives up marks itself before it reads its {@code next}, so one of the two sees
 * the other. A {@code next} only ever swings over cancelled nodes, whose own {@code next} stays as
 * it was, so a head that passes along the old links or the new ones meets the same live nodes.
 * Neighbours that give up at the same moment may leave some of them linked, for the head to skip.
 * Each node knows its predecessor ({@code prev}) while it waits and forgets it once it is the
 * head. A queue whose head moves waiters elsewhere ({@link CnaQueue}) unlinks otherwise
 * ({@link #unlinksThroughPredecessors()}): its nodes record no predecessor, which would keep a
 * node that passed on, and its thread, reachable from a waiter moved aside.
 *
 * <p>The only unbounded waits are for a running thread to finish a few steps: {@link #awaitLink}
 * (between swapping the tail and linking its predecessor, an arriving thread executes no blocking
 * operation) and, in {@link CnaQueue}, a pass's wait for the links (held only while a thread walks
 * or rewrites them). A virtual thread cannot be unmounted in those steps; only the operating
 * system can delay it, and the waits yield now and then so that a delayed platform thread gets a
 * CPU ({@link #pauseForRunningThread}).
 */
class McsQueue extends McsQueueTail {
    /**
     * Trailing padding of {@code tail}. The {@code int} fills the gap that the 4-byte {@code tail}
     * leaves before the first {@code long}; left empty, HotSpot would put a subclass's field there,
     * next to {@code tail} ({@code LayoutTest} checks the real offsets).
     */
    @SuppressWarnings("unused")
    private int gapFiller;
    @SuppressWarnings("unused")
    private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    /**
     * The longest a queued waiter spins on its node before it parks, in nanoseconds, unless a lock
     * is built with its own: about one park/unpark round trip of a virtual thread (1 µs on one
     * carrier, 2.5 µs across two, measured on a 2-core x86_64 machine). Every queued waiter spins,
     * not only the head, so a longer spin costs carriers: with 20 µs, MCS's sections of about 2.5 µs
     * that yield ran 3.6 times slower at 8 and 64 threads on 2 carriers.
     */
    static final Tuning.Setting MAX_SPIN_NANOS = Tuning.nanos("numaloom.maxSpinNanos", 2_000L);
    /** {@link #MAX_SPIN_NANOS}'s value, or its default if the property was refused. */
    static final long DEFAULT_MAX_SPIN_NANOS = MAX_SPIN_NANOS.value();

    private static final VarHandle TAIL;
    private static final int SPINS_BEFORE_YIELD = 64;

    static {
        try {
            TAIL = MethodHandles.lookup().findVarHandle(McsQueueTail.class, "tail", QNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Appends a node.
     *
     * @return its predecessor, or null if the node is now the head
     */
    final QNode enqueue(QNode node) {
        QNode predecessor = (QNode) TAIL.getAndSet(this, node);
        if (predecessor == null) {
            becomeHeadOfEmptyQueue(node);
            return null;
        }
        boolean unlinks = unlinksThroughPredecessors();
        if (unlinks) {
            node.recordPrev(predecessor); // published by the link, through which a predecessor that gives up finds it
        }
        predecessor.next = node;
        if (unlinks && predecessor.status == QNode.CANCELLED) {
            unlink(predecessor, node);
        }
        return predecessor;
    }

    /**
     * Whether nodes record their predecessor, through which a node that gives up, or the next
     * arrival, unlinks it (see "Leaving the queue" above). A queue whose head rewrites other
     * nodes' links says no, and takes nodes that gave up out its own way ({@link #takeOut}).
     */
    boolean unlinksThroughPredecessors() {
        return true;
    }

    /**
     * Unlinks the run of nodes that gave up which ends with {@code abandoned}: the nearest node
     * before it that has not given up gets {@code successor}, which follows {@code abandoned}, as its
     * {@code next}, and becomes the successor's {@code prev}. Every node between the two gave up:
     * nodes only join at the tail, and the walk back along {@code prev} passes only cancelled
     * nodes and nodes unlinked earlier, which were cancelled too. Gives up where the links
     * changed first (another thread unlinked the run; the node before it is the head and moved on).
     */
    private static void unlink(QNode abandoned, QNode successor) {
        for (;;) {
            QNode before = abandoned.prev;
            while (before != null && before.status == QNode.CANCELLED) {
                before = before.prev;
            }
            if (before == null) {
                return;
            }
            QNode linked = before.next;
            if (linked == successor || linked == null || linked.status != QNode.CANCELLED) {
                return;
            }
            if (before.casNext(linked, successor)) {
                QNode stale = successor.prev;
                if (stale != null && stale != before && stale.status == QNode.CANCELLED) {
                    successor.casPrev(stale, before);
                }
                return;
            }
        }
    }

    /** Makes the node the head if the queue is empty; never waits. */
    final boolean enqueueIfEmpty(QNode node) {
        if (tail != null || !TAIL.compareAndSet(this, null, node)) {
            return false;
        }
        becomeHeadOfEmptyQueue(node);
        return true;
    }

    /** Makes a node that found the queue empty, and swung the tail to itself, the head. */
    void becomeHeadOfEmptyQueue(QNode node) {
        node.status = QNode.HEAD;
    }

    final boolean isEmpty() {
        return tail == null;
    }

    /**
     * Parks until the node's turn comes (it becomes the head, or is granted more).
     *
     * @return true if it did; false if the waiter gave up, in which case the node is cancelled
     *         and leaves the queue (see "Leaving the queue")
     */
    final boolean awaitHead(QNode node, Waiter waiter) {
        while (node.status == QNode.WAITING) {
            if (!waiter.park(this) && node.casStatus(QNode.WAITING, QNode.CANCELLED)) {
                leave(node);
                return false;
            }
        }
        return true;
    }

    /** A node that gave up forgets its thread and leaves the queue ({@link #takeOut}). */
    private void leave(QNode abandoned) {
        abandoned.thread = null;
        takeOut(abandoned);
    }

    /**
     * Takes a node that gave up out of the queue: it unlinks itself if a successor is linked
     * behind it; otherwise the next arrival unlinks it.
     */
    void takeOut(QNode abandoned) {
        QNode successor = abandoned.next;
        if (successor != null) {
            unlink(abandoned, successor);
        }
    }

    /**
     * Spins on the node's own status, which only its predecessor writes, until its turn comes: for
     * at most {@code maxSpinNanos} and what the waiter allows ({@link Waiter#spinLimit}), while
     * the holder of {@code lock} may be running ({@link Holders}) and the waiter is not
     * interrupted.
     *
     * @return true if the turn came; false if the caller must park ({@link #awaitHead})
     */
    static boolean spinUntilTurn(QNode node, long maxSpinNanos, AbstractReentrantLock lock, Waiter waiter) {
        long limit = waiter.spinLimit(maxSpinNanos);
        if (limit == 0) {
            return false;
        }
        long start = System.nanoTime();
        for (int round = 1; node.status == QNode.WAITING; round++) {
            if (!Holders.mayBeRunning(lock.holderHint())
                    || (round & 3) == 0 && (System.nanoTime() - start > limit || waiter.interruptPending())) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /**
     * Passes the head from the node to the first successor that has not given up, without waking
     * it.
     *
     * @return the new head, or null if the queue is now empty
     */
    QNode passHead(QNode node) {
        return passTurn(node, QNode.HEAD);
    }

    /**
     * As {@link #passHead}, but the successor's turn comes as {@link QNode#GRANTED}: for a lock that
     * hands more than this queue's turn over with it (an {@link HmcsLock} cohort keeps the levels
     * above).
     */
    final QNode grantToSuccessor(QNode node) {
        return passTurn(node, QNode.GRANTED);
    }

    private QNode passTurn(QNode node, int turn) {
        QNode successor = node.next;
        if (successor == null && (successor = successorOrEmpty(node)) == null) {
            return null;
        }
        return firstLive(successor, turn);
    }

    /**
     * Makes the first node, from {@code first} along the queue, that has not given up the head.
     *
     * @return the new head; null if every node from {@code first} on had given up and the queue is
     *         now empty
     */
    final QNode headFirstLive(QNode first) {
        return firstLive(first, QNode.HEAD);
    }

    /** Gives the turn to the first node from {@code first} on that has not given up; null if none is left. */
    private QNode firstLive(QNode first, int turn) {
        for (QNode candidate = first; ; ) {
            if (candidate.casStatus(QNode.WAITING, turn)) {
                candidate.forgetPrev(); // the head needs no predecessor, and must not keep it reachable
                return candidate;
            }
            QNode next = candidate.next;
            if (next == null && (next = successorOrEmpty(candidate)) == null) {
                return null;
            }
            candidate = next;
        }
    }

    /**
     * The node after {@code last}, which had none linked yet: waits for an arriving thread to link
     * itself, unless {@code last} is the tail, which is then swung to null.
     *
     * @return the successor, or null if the queue is now empty
     */
    QNode successorOrEmpty(QNode last) {
        return TAIL.compareAndSet(this, last, null) ? null : awaitLink(last);
    }

    /** Swings the tail from {@code expected} to {@code update}; only the head's passer calls this. */
    final boolean casTail(QNode expected, QNode update) {
        return TAIL.compareAndSet(this, expected, update);
    }

    static QNode awaitLink(QNode node) {
        QNode successor;
        for (int spins = 0; (successor = node.next) == null; spins++) {
            pauseForRunningThread(spins);
        }
        return successor;
    }

    /**
     * One round of a wait for a thread that runs, executing no blocking operation, to finish a few
     * steps: a spin, and now and then a yield, so that a platform thread the operating system
     * delayed gets a CPU.
     */
    static void pauseForRunningThread(int spins) {
        if (spins % SPINS_BEFORE_YIELD == SPINS_BEFORE_YIELD - 1) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }
}

abstract class McsQueueTail extends Padding {
    volatile QNode tail;
}

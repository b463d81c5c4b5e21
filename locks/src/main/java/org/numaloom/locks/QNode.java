package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A thread's place in an {@link McsQueue}, and, once it heads a queue of a {@link LeaderLock}, its
 * seat in the competition for the lock word.
 *
 * <p>Status transitions, each made by one compare-and-set so that two parties never both win:
 * <pre>
 *   WAITING --(predecessor passes the head)--> HEAD
 *   WAITING --(predecessor passes the head and the levels above it: an HmcsLock cohort)--> GRANTED
 *   WAITING --(owner gives up: timeout, interrupt)--> CANCELLED   (unlinked, or skipped when the head passes)
 *   HEAD    --(lock holder hands the lock over directly)--> GRANTED
 *   HEAD    --(owner gives up while competing for the lock word)--> ABANDONED
 * </pre>
 */
final class QNode extends QNodeFields {
    static final int WAITING = 0;
    static final int HEAD = 1;
    static final int CANCELLED = 2;
    static final int GRANTED = 3;
    static final int ABANDONED = 4;

    private static final VarHandle STATUS;
    private static final VarHandle NEXT;
    private static final VarHandle PREV;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATUS = lookup.findVarHandle(QNodeFields.class, "status", int.class);
            NEXT = lookup.findVarHandle(QNodeFields.class, "next", QNode.class);
            PREV = lookup.findVarHandle(QNodeFields.class, "prev", QNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Trailing padding. Virtual threads on one carrier allocate from that carrier's buffer, so the
     * nodes of successive waiters lie side by side; padded on both sides, one waiter's status is
     * never on the cache line that its neighbour's predecessor writes ({@code LayoutTest}).
     */
    @SuppressWarnings("unused")
    private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    QNode(Thread thread) {
        this(thread, 0);
    }

    QNode(Thread thread, int numaNode) {
        super(thread, numaNode);
    }

    /**
     * The id of the thread whose hold of an MCS-style lock this node stands for, 0 for no node:
     * how {@link McsLock} and {@link HmcsLock} name their owner ({@code ownerId()}). A racy reader
     * may see a node that its holder has just published before the node's thread, and reads 0 then.
     */
    static long holderIdOf(QNode holderNode) {
        Thread thread;
        return holderNode == null || (thread = holderNode.thread) == null ? 0 : thread.threadId();
    }

    boolean casStatus(int expected, int update) {
        return STATUS.compareAndSet(this, expected, update);
    }

    boolean casNext(QNode expected, QNode update) {
        return NEXT.compareAndSet(this, expected, update);
    }

    boolean casPrev(QNode expected, QNode update) {
        return PREV.compareAndSet(this, expected, update);
    }

    /** Records the node this one queues behind; a plain store, which the link to it publishes. */
    void recordPrev(QNode predecessor) {
        PREV.set(this, predecessor);
    }

    /**
     * Forgets the predecessor once the node is the head. A release store suffices: a reader that
     * still sees the predecessor stops its walk at this node, which has not given up, and a
     * compare-and-set that expects it fails or is overwritten.
     */
    void forgetPrev() {
        PREV.setRelease(this, null);
    }
}

/** The fields of a {@link QNode}, after leading padding. */
abstract class QNodeFields extends Padding {
    /**
     * The waiting thread; null once it gave up ({@link QNode#CANCELLED}), so that a node still
     * linked does not keep an ended thread reachable. Read only for a node made the head: by the
     * thread that made it so, and, while it is a queue's published leader, by the releases that
     * wake it or hand it the lock; a node that gave up while waiting is never a head.
     */
    Thread thread;
    /** The NUMA node the thread ran on when it queued (a hint: a virtual thread may move). */
    final int numaNode;
    volatile int status;
    volatile QNode next;
    /**
     * The node this one queued behind, while it waits: how a node that gives up, or the next
     * arrival, finds the node whose {@code next} to unlink it from ({@link McsQueue}). Null once
     * the node is the head, so that a queue's live nodes do not keep the nodes before them, and
     * their threads, reachable.
     */
    volatile QNode prev;
    /**
     * True while the thread, as a queue's leader, is parked or about to park; turned off by the
     * thread when its park returns, or by the releaser that claims it for a wake-up.
     */
    volatile boolean parked;

    QNodeFields(Thread thread, int numaNode) {
        this.thread = thread;
        this.numaNode = numaNode;
    }
}

package org.numaloom.locks;

import java.util.concurrent.locks.LockSupport;

/**
 * The engine of the kit's NUMA-aware locks: a global lock word that a running thread may take at
 * once, and queues of waiting threads whose heads, the <em>leaders</em>, compete for it. A subclass
 * decides how many queues there are, which queue a thread joins, and how a queue passes its head.
 *
 * <p><b>Algorithm.</b> A thread first tries to take the global {@link LockWord} by compare-and-set;
 * if it is free the thread holds the lock at once (it <em>barges</em>). Otherwise it joins a
 * {@link NodeQueue}, chosen by the NUMA node it runs on ({@link NodeLocator}), and waits for its turn.
 * The head of a queue is its leader: it publishes itself in {@link NodeQueue#leader} and competes for
 * the word with the other queues' leaders and with barging threads. So at most one thread per queue
 * contends for the word. A leader that takes the word passes its queue's head to a successor at
 * once, not at unlock: the successor's wake-up then overlaps the critical section, and it is already
 * competing when the word is freed, instead of being woken while the lock sits idle. On unlock the
 * holder frees the word and wakes a parked leader, unless some leader is awake to notice the free
 * word.
 *
 * <p><b>Who spins.</b> Only leaders spin before they park, and a thread that finds its queue empty
 * spins before it joins it, so that a short critical section costs it no queue operation. A thread
 * queued behind a leader is at least one critical section away from the lock, so it parks at once
 * and leaves the carrier to the holder.
 *
 * <p><b>Why barging.</b> On virtual threads a hand-over to a parked thread costs a wake-up and a
 * scheduling round trip (about a microsecond on one carrier, more across carriers) during which
 * the lock would sit idle. Letting a running thread take a free word keeps the lock busy; the
 * woken leader then simply tries again.
 *
 * <p><b>No carrier is held hostage.</b> Every wait, in a queue or as a leader, spins for a bounded
 * number of rounds and then parks ({@link Waiter}). A lock whose queue head spins on the word
 * without bound livelocks when the holder is an unmounted virtual thread and the spinning head
 * occupies the carrier the holder needs.
 *
 * <p><b>Fairness bound.</b> Barging and the passing of heads could starve a leader. After
 * {@code handOffBound} acquisitions the holder, instead of freeing the word, hands the lock directly
 * to a waiting leader, taking queues in round-robin order. A waiting leader therefore gets the lock
 * within {@code handOffBound × queues} acquisitions of the lock.
 *
 * <p><b>Invariants.</b> (1) The word is 1 exactly while some thread holds the lock, including
 * during a direct hand-over. (2) Only a queue's current head writes that queue's {@code leader};
 * it clears it before it passes the head on. (3) After every release of the word, some leader is
 * awake or is woken: a leader marks itself parked and then re-reads the word, the releaser frees
 * the word and then reads the marks, both with volatile accesses, so one of them sees the other. A
 * leader that gives up restores (3) before it leaves.
 *
 * <p>Holder-only state ({@code holderQueue}, counters) is written only by the thread holding the
 * word and handed on through the word's volatile release and acquire, or through the status
 * compare-and-set of a direct hand-over.
 */
abstract class LeaderLock extends AbstractReentrantLock {
    /** Acquisitions between forced hand-overs to waiting leaders, unless a lock is built with its own. */
    static final int DEFAULT_HANDOFF_BOUND = Integer.getInteger("numaloom.handOffBound", 64);

    private final LockWord word = new LockWord();
    private final NodeQueue[] queues;
    private final NodeLocator locator;
    private final int handOffBound;

    /** The queue the holder came through, or -1 if it barged. */
    private int holderQueue;
    private int acquisitionsSinceHandOff;
    private int nextHandOffQueue;

    /**
     * @param locator         the nodes, and which one the calling thread runs on
     * @param spinsBeforePark rounds a leader spins before it parks (0: park at once)
     * @param handOffBound    acquisitions after which the lock is handed directly to a waiting leader
     * @param queues          the queues, at least one
     */
    LeaderLock(NodeLocator locator, int spinsBeforePark, int handOffBound, NodeQueue[] queues) {
        super(spinsBeforePark);
        if (handOffBound < 1) {
            throw new IllegalArgumentException("handOffBound must be >= 1, got " + handOffBound);
        }
        this.locator = locator;
        this.handOffBound = handOffBound;
        this.queues = queues;
    }

    /** The number of NUMA nodes the locator reports, checked. */
    static int nodeCountOf(NodeLocator locator) {
        int nodes = locator.nodeCount();
        if (nodes < 1) {
            throw new IllegalArgumentException("the locator reports " + nodes + " nodes; at least 1 is needed");
        }
        return nodes;
    }

    /** The index of the queue a thread running on {@code numaNode} joins. */
    abstract int queueOf(int numaNode);

    @Override
    final boolean tryAcquire() {
        if (!word.tryTake()) {
            return false;
        }
        holderQueue = -1;
        return true;
    }

    @Override
    final boolean acquire(Waiter waiter) {
        int numaNode = locator.currentNode();
        int index = queueOf(numaNode);
        NodeQueue queue = queues[index];
        if (queue.isEmpty() && spinForFreeWord(waiter)) {
            holderQueue = -1;
            return true;
        }
        QNode node = new QNode(Thread.currentThread(), numaNode);
        if (queue.enqueue(node) != null) {
            waiter.skipSpinning();
            if (!queue.awaitHead(node, waiter)) {
                return false;
            }
        }
        boolean acquired = lead(queue, node, waiter);
        queue.leader = null;
        boolean successorLeads = queue.passHead(node);
        if (!acquired && !successorLeads && word.isFree()) {
            wakeALeader(index);
        }
        if (acquired) {
            holderQueue = index;
        }
        return acquired;
    }

    /**
     * Spins on the word before queueing, while the spin budget lasts. Only a thread that would lead
     * its queue does this: a short critical section then ends while it spins, and it takes the lock
     * without touching the queue. A thread that finds others queued goes behind them at once.
     *
     * @return true if it took the word; false with the budget spent, so that it leads without
     *         spinning again
     */
    private boolean spinForFreeWord(Waiter waiter) {
        while (waiter.spin()) {
            if (word.tryTake()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Competes for the word as the leader of the queue.
     *
     * @return true once it holds the word; false if the waiter gave up, having marked its node
     *         abandoned so that no hand-over can reach it
     */
    private boolean lead(NodeQueue queue, QNode node, Waiter waiter) {
        queue.leader = node;
        for (;;) {
            if (node.status == QNode.GRANTED || word.tryTake()) {
                return true;
            }
            if (waiter.spin()) {
                continue;
            }
            node.parked = true;
            if (word.isFree() || node.status == QNode.GRANTED) {
                node.parked = false;
                continue;
            }
            boolean keepWaiting = waiter.park(this);
            node.parked = false;
            if (!keepWaiting && node.casStatus(QNode.HEAD, QNode.ABANDONED)) {
                return false;
            }
        }
    }

    @Override
    final void release() {
        int preferredQueue = holderQueue < 0 ? nextHandOffQueue : holderQueue;
        if (++acquisitionsSinceHandOff >= handOffBound) {
            // A new count starts whether or not a leader was waiting: the count never exceeds the
            // bound (so it cannot wrap, however old the lock), and a leader that comes later is
            // still served within the bound of its own arrival.
            acquisitionsSinceHandOff = 0;
            if (handOffToWaitingLeader()) {
                return;
            }
        }
        word.release();
        wakeALeader(preferredQueue);
    }

    /** Acquisitions since the last forced hand-off, in {@code [0, handOffBound)}; for tests. */
    final int acquisitionsSinceHandOff() {
        return acquisitionsSinceHandOff;
    }

    /** Passes the held lock to the next waiting leader in round-robin order, if there is one. */
    private boolean handOffToWaitingLeader() {
        for (int i = 0; i < queues.length; i++) {
            int index = (nextHandOffQueue + i) % queues.length;
            QNode leader = queues[index].leader;
            // Holder-only state first: once the leader is granted the lock, it is no longer ours.
            if (leader != null) {
                nextHandOffQueue = (index + 1) % queues.length;
                if (leader.casStatus(QNode.HEAD, QNode.GRANTED)) {
                    LockSupport.unpark(leader.thread);
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Wakes one parked leader, searching from the preferred queue, unless some leader is awake: an
     * awake leader re-reads the word before it parks, so it will find the word free.
     */
    private void wakeALeader(int preferredQueue) {
        QNode parkedLeader = null;
        for (int i = 0; i < queues.length; i++) {
            QNode leader = queues[(preferredQueue + i) % queues.length].leader;
            if (leader == null) {
                continue;
            }
            if (!leader.parked) {
                return;
            }
            if (parkedLeader == null) {
                parkedLeader = leader;
            }
        }
        if (parkedLeader != null) {
            parkedLeader.parked = false;
            LockSupport.unpark(parkedLeader.thread);
        }
    }
}

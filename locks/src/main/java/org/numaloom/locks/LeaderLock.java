package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/**
 * The engine of the kit's NUMA-aware locks: a lock word that a running thread may take at once,
 * and queues of waiting threads whose heads, the <em>leaders</em>, compete for it. A subclass
 * decides how many queues there are, which queue a thread joins, and how a queue passes its head.
 *
 * <h2>Implementation overview</h2>
 *
 * <p><b>The hot fields.</b> The lock word ({@code state}) is the holder's
 * {@linkplain Thread#threadId() thread id}, {@link #FREE} while nobody holds the lock, or
 * {@link #HANDING_OVER} while a holder hands it to a leader (see "Fairness bound"). So the
 * compare-and-set that takes a free word records the owner too, as a HotSpot monitor's owner field
 * does since JDK 24, and an ownership check ({@code unlock}, {@code isHeldByCurrentThread}) reads
 * the word. A new holder also advances {@code holds}, the count of acquisitions that spinners read
 * (see "Taking the word"). The "leader parked" hint has a field of its own ({@code parkHint}), and
 * the holder's node ({@code holderNode}) is null unless it came through a queue: a release that did
 * not come through a queue, with no leader parked, is one volatile store of {@code FREE} and a read
 * of the hint. The holder's thread, a spinner's hint, is written only while a waiter may read it
 * ({@link #watchHolder()}), so a thread that takes the lock again runs no garbage-collector write
 * barrier.
 *
 * <p>A hold pays a cache-line transfer for every hot line it must fetch from the core that held
 * the lock last, and an object is only 8-byte aligned. So the two fields every hold writes, the
 * word and {@code holds}, lie side by side between padding (a {@code LayoutTest} checks it), like
 * AQS's state or a HotSpot monitor's owner, and what a release only reads (the hint, the holder's
 * node, the holder's thread and its watchers) lies within 48 bytes of them, on lines that an
 * uncontended hold does not write.
 *
 * <p><b>Arrival.</b> A thread tries the word ({@link #tryAcquire}, then once more), taking it if it
 * is free: it <em>barges</em>. On virtual threads a hand-over to a parked thread costs a wake-up
 * and a scheduling round trip, about a microsecond, during which the lock would sit idle; a lock
 * that lets running threads take it keeps it busy. Otherwise one arrival at a time spins before it
 * queues: the <em>spinning arrival</em>, which claims {@code successor} while it spins, so that no
 * release wakes a parked thread while a running one is there to take the word (the "successor" of
 * HotSpot's monitors). An arrival that finds the claim taken spins only if its queue is empty, as
 * the leader it would become, so that a wait shorter than the spin writes none of the queue's
 * lines (arrivals that find it empty at the same moment may spin side by side; its first entry
 * ends that). The others join the queue of their NUMA node ({@link NodeQueue}, chosen by
 * {@link NodeLocator}) and park behind its leader. Spinners are few because, with short critical
 * sections, each one pulls the word's line away from a holder about to take the lock again. The
 * spinning arrival asks where it runs only if its spin fails: the node only chooses a queue.
 *
 * <p><b>Spinning</b> is for leaders, for arrivals that would lead, and for the one spinning
 * arrival: about one spinner per queue, plus one. It is bounded in time ({@code maxSpinNanos},
 * 20 µs unless set) and adapts to how often it paid off, after HotSpot's adaptive spinning: a spin
 * that took the word gives the next ones more time, one that ran out leaves them less, down to
 * {@code maxSpinNanos / SPIN_STEPS}. The bound is well above a park/unpark round trip (about 1 µs
 * on one carrier, 2.5 µs across two) because a parked leader costs more than the round trip: the
 * word sits free, or goes to bargers, until the woken leader is scheduled.
 *
 * <p><b>Taking the word.</b> A spinner reads the word and {@code holds}, pausing with
 * {@link Thread#onSpinWait()} between two reads, and takes a free word only on its first read or if
 * no other hold began since its last read ({@link #takesFreeWord}). A count that moved on while it
 * paused shows the lock turning over among running threads, the word free only in a gap between
 * two of their holds; taking it there keeps the lock no busier, but moves the word's line to the
 * spinner and turns a thread about to take the lock again into a waiter. So the spinner declines
 * it, doubling its pause while the count moves and halving it while one hold lasts
 * ({@link #nextPause}, up to {@link #MAX_PAUSES}): it reads the word's line less often the faster
 * the lock turns over. HotSpot's monitors read the same sign (a spinner that sees the owner change
 * between two probes ends its spin, {@code ObjectMonitor::try_spin}); here the spinner stays, since
 * a woken thread costs more than the spin. The price: a spinner whose pause has outgrown a running
 * thread's gap between two holds declines every free word until its time runs out.
 *
 * <p><b>An unmounted holder.</b> A spinner stops at once when the holder is a virtual thread that
 * is not mounted ({@link Holders}): such a holder cannot let go before it is scheduled, and a
 * spinner would only occupy a carrier it may need. The one exception is the spinning arrival when
 * the scheduler has several carriers: a holder that yields inside its critical section is unmounted
 * only briefly, and with one such spinner per lock it has another carrier to come back on (HotSpot's
 * monitors also spin on through an unmounted owner). With one carrier the spinning arrival stops as
 * the others do. Every wait therefore ends in a park after a bounded spin, and no carrier is held
 * hostage. A spinner learns of the holder through the thread a new holder records
 * ({@link #holderHint()}), which it records only while a thread past the spinning arrival's stage
 * waits ({@link #watchHolder()}): the spinning arrival itself does not look, with several carriers.
 *
 * <p><b>Leaders.</b> The head of a queue publishes itself as the queue's {@link NodeQueue#leader}
 * and competes for the word: it spins as above, then marks itself {@link QNode#parked}, sets the
 * {@code LEADER_PARKED} hint with a compare-and-set that also advances the hint's count of
 * announcements, reads the word once more, and parks if it is still held. So at most one thread
 * per queue contends for the word with the barging threads, and threads queued behind a leader
 * park at once: they are at least one critical section away from the lock.
 *
 * <p><b>Passing the head, outside the critical section.</b> A leader that takes the word stays
 * the head of its queue until it unlocks; its release frees the word first and only then makes
 * the next queued thread the head and wakes it. Nothing of the queue is done while the lock is
 * held, and the wake-up, which costs more than most critical sections, overlaps other threads'
 * use of the lock.
 *
 * <p><b>Waking, at most one thread on its way.</b> A release that frees the word with the
 * {@code LEADER_PARKED} hint set wakes one parked leader, unless it has just woken the next head of
 * its own queue, or a leader woken earlier has not run yet, or the spinning arrival spins
 * ({@code successor}, the "successor" of HotSpot's monitor design): more running threads would only
 * compete with each other. The successor claims a leader by setting {@code successor} first and
 * then turning the leader's {@code parked} mark off by compare-and-set; a leader turns its own mark
 * off whenever a park returns, and then clears {@code successor} if it names it. So a claim either
 * fails (the leader was already awake) or is cleared by the leader it names, and a stale
 * {@code successor} cannot stop later wake-ups.
 *
 * <p><b>Fairness bound.</b> Barging could starve a leader. Releases made while the hint is set are
 * counted; after {@code handOffBound} of them the holder, instead of freeing the word, hands the
 * lock directly to a waiting leader, parked or spinning (a spinning leader watches its node for
 * the grant as well as the word), taking queues in round-robin order, an order of its own that
 * wake-ups do not move (with one position for both, two queues and a wake-up between each two
 * hand-overs sent every hand-over to the same queue). It writes {@link #HANDING_OVER}, which is no
 * thread's id, in the word, grants the leader's node, and the leader writes its own id once it
 * runs. So no thread, the releaser included, sees itself as the owner in between, and a leader
 * that gave up at that moment never owns the lock. A leader therefore stays parked through at most
 * {@code handOffBound × queues} releases; between two of its parks it spins for at most
 * {@code maxSpinNanos}, and releases in that time are bounded by the time, not counted. The count
 * restarts at every hand-off attempt, so it stays below the bound for the whole life of the lock.
 *
 * <p>The measurements behind these choices, and the rules tried and dropped, are in
 * {@code docs/locks.md} ("Why the engine is built so") and {@code docs/results.md}.
 *
 * <h2>Invariants</h2>
 * <ol>
 *   <li>The word is a thread's id exactly while that thread holds the lock, {@code HANDING_OVER}
 *       while a holder hands it to a leader that has not yet run (or tries to: a holder whose every
 *       leader gave up frees the word), and {@code FREE} otherwise.
 *       Only a free word is taken, by compare-and-set; a held word is written only by its holder,
 *       and by the leader it is handed to.</li>
 *   <li>Only a queue's current head writes that queue's {@code leader}, and it clears it before
 *       the head passes on.</li>
 *   <li>No lost wake-up: a leader that parks first sets the hint by compare-and-set and then reads
 *       the word, and every release that frees the word first writes it with a volatile store and
 *       then reads the hint. Both are sequentially consistent, so one of the two sees the other
 *       (the pairing of Dekker's algorithm): the leader sees the word free and does not park, or
 *       the release sees the hint and wakes a leader, or leaves that to a successor that has not
 *       run yet and will compete. A release that hands the lock over frees nothing. The spinning
 *       arrival clears its claim before it reads the word, and wakes a leader if it gives up on a
 *       free word. A release that clears the hint, having found no leader parked, does so by
 *       compare-and-set on the value it read before its search, and every announcement advances
 *       the hint's count: so a leader that parks after that read makes the clear fail, and one
 *       that parked before it was marked parked before the search. A leader that gives up passes
 *       the head on and wakes the new head, which competes for the word, or, if its queue is left
 *       empty and the word is free, a parked leader, as a release would.</li>
 *   <li>Holder-only fields ({@code holds}, {@code holderNode}, {@code holderQueue},
 *       {@code handOffCount}, {@code nextHandOff}) are written only by the holder and handed on
 *       through the word (its compare-and-set and volatile store) or through the status
 *       compare-and-set of a direct hand-over.</li>
 * </ol>
 */
abstract class LeaderLock extends LeaderLockFields {
    /**
     * The longest a leader, or an arrival that would lead, spins on the word before it parks or
     * queues, in nanoseconds, unless a lock is built with its own (see "Spinning" above).
     */
    static final Tuning.Setting LEADER_SPIN_NANOS = Tuning.nanos("numaloom.leaderSpinNanos", 20_000L);
    /** {@link #LEADER_SPIN_NANOS}'s value, or its default if the property was refused. */
    static final long DEFAULT_MAX_SPIN_NANOS = LEADER_SPIN_NANOS.value();

    /** Releases with a leader parked between forced hand-overs, unless a lock is built with its own. */
    static final Tuning.Setting HANDOFF_BOUND = Tuning.count("numaloom.handOffBound", 1, 64);
    /** {@link #HANDOFF_BOUND}'s value, or its default if the property was refused. */
    static final int DEFAULT_HANDOFF_BOUND = (int) HANDOFF_BOUND.value();

    /** Trailing padding of the hot fields. */
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    private final NodeQueue[] queues;
    private final NodeLocator locator;
    private final int handOffBound;
    private final long maxSpinNanos;

    /**
     * @param locator      the nodes, and which one the calling thread runs on
     * @param maxSpinNanos the longest a thread spins on the word before it queues, or a leader
     *                     before it parks (0: never spin); past {@link Integer#MAX_VALUE}, about
     *                     2.1 s, that many: the adaptive budget is an {@code int}
     * @param handOffBound releases with a leader parked after which the lock is handed directly
     *                     to a waiting leader
     * @param queues       the queues, at least one
     */
    LeaderLock(NodeLocator locator, long maxSpinNanos, int handOffBound, NodeQueue[] queues) {
        if (handOffBound < 1) {
            throw new IllegalArgumentException("handOffBound must be >= 1, got " + handOffBound);
        }
        this.locator = locator;
        this.maxSpinNanos = Math.min(checkedSpin(maxSpinNanos), Integer.MAX_VALUE);
        this.handOffBound = handOffBound;
        this.queues = queues;
        this.spinNanos = (int) this.maxSpinNanos;
    }

    /** The number of NUMA nodes the locator reports, checked. */
    static int nodeCountOf(NodeLocator locator) {
        int nodes = Objects.requireNonNull(locator, "locator").nodeCount();
        if (nodes < 1) {
            throw new IllegalArgumentException("the locator reports " + nodes + " nodes; at least 1 is needed");
        }
        return nodes;
    }

    /** The index of the queue a thread running on {@code numaNode} joins. */
    abstract int queueOf(int numaNode);

    @Override
    final long ownerId() {
        return state;
    }

    @Override
    final boolean tryAcquire() {
        return takeWordIfFree(Thread.currentThread().threadId());
    }

    /**
     * One attempt at the word, for the thread of id {@code me}: a compare-and-set if it is free.
     * Reading first (test-and-test-and-set) keeps a thread that finds the lock held from taking the
     * word's cache line exclusively for nothing.
     */
    private boolean takeWordIfFree(long me) {
        return state == FREE && takeFreeWord(me);
    }

    /**
     * Takes the word, read free, by compare-and-set, writing the taker's id, and counts the hold
     * for spinners ({@code holds}: opaque, its only writer being the holder; the release that
     * follows publishes it).
     */
    private boolean takeFreeWord(long me) {
        if (!STATE.compareAndSet(this, FREE, me)) {
            return false;
        }
        HOLDS.setOpaque(this, holds + 1);
        return true;
    }

    @Override
    final boolean acquire(Waiter waiter) {
        long me = Thread.currentThread().threadId();
        if (takeWordIfFree(me)) {
            return true;
        }
        boolean spinningArrival = successor == null && SUCCESSOR.compareAndSet(this, null, SPINNING_ARRIVAL);
        if (spinningArrival && spinAsTheSpinningArrival(me, waiter)) {
            return true; // 99% of contended ones in the text statistics: no need to locate the thread
        }
        watchHolder();
        try {
            return acquireThroughQueue(me, spinningArrival, locator.currentNode(), waiter);
        } finally {
            unwatchHolder();
        }
    }

    /**
     * Waits for the word in the queue of the thread's node: first, if the queue is empty and the
     * thread was not the spinning arrival, by spinning as the leader it would become; then as a
     * queued thread and as the queue's leader.
     */
    private boolean acquireThroughQueue(long me, boolean wasSpinningArrival, int numaNode, Waiter waiter) {
        int index = queueOf(numaNode);
        NodeQueue queue = queues[index];
        if (!wasSpinningArrival && queue.isEmpty() && spinForWord(me, null, false, waiter)) {
            return true; // it would have led the queue: its spin came first, the queue untouched
        }
        QNode node = new QNode(Thread.currentThread(), numaNode);
        if (queue.enqueue(node) != null && !queue.awaitHead(node, waiter)) {
            return false;
        }
        return lead(me, index, queue, node, waiter);
    }

    /**
     * Competes for the word as the leader of its queue: spins while that may pay off, then parks
     * until woken, handed the lock, or the waiter gives up.
     *
     * @return true once it holds the lock; false if it gave up, having passed the head on
     */
    private boolean lead(long me, int index, NodeQueue queue, QNode node, Waiter waiter) {
        queue.leader = node;
        for (;;) {
            if (node.status == QNode.GRANTED || spinForWord(me, node, false, waiter)) {
                return acquiredAsLeader(me, index, queue, node);
            }
            node.parked = true;
            announceParking();
            if (state == FREE) {
                node.parked = false;
                continue;
            }
            boolean keepWaiting = waiter.park(this);
            node.parked = false;
            clearSuccessor(node);
            if (!keepWaiting && node.casStatus(QNode.HEAD, QNode.ABANDONED)) {
                giveUpLead(queue, node);
                return false;
            }
        }
    }

    /**
     * Sets the "leader parked" hint and advances its count of announcements, which is what makes
     * the announcement visible to a release about to clear the hint because its search found no
     * leader parked: with the hint already set, the hint alone would leave the field as that
     * release read it, its compare-and-set would succeed, and the leader would park with no hint
     * to bring a release to it. A compare-and-set, so a full fence before the caller reads the word
     * (see "No lost wake-up").
     */
    private void announceParking() {
        for (;;) {
            long hint = parkHint;
            if (PARK_HINT.compareAndSet(this, hint, announced(hint))) {
                return;
            }
        }
    }

    /** {@code parkHint} after one more announcement: the hint set, the count advanced. */
    static long announced(long hint) {
        return (hint | LEADER_PARKED) + ANNOUNCEMENT;
    }

    /**
     * Takes over as holder through its queue: it stays the head until its release passes it on. A
     * leader handed the lock writes its id over the releaser's {@link #HANDING_OVER} (opaque: no
     * other thread writes a held word, and its release publishes it).
     */
    private boolean acquiredAsLeader(long me, int index, NodeQueue queue, QNode node) {
        if (node.status == QNode.GRANTED) {
            STATE.setOpaque(this, me);
        }
        queue.leader = null;
        clearSuccessor(node);
        holderQueue = index;
        holderNode = node;
        return true;
    }

    /**
     * A leader that gave up (its node is {@link QNode#ABANDONED}, so no hand-over can reach it)
     * passes the head of its queue on and wakes the new head; since it may have been the thread a
     * release counted on to take a free word, it wakes a parked leader instead if its queue is left
     * empty and the word is free.
     */
    private void giveUpLead(NodeQueue queue, QNode node) {
        queue.leader = null;
        QNode next = queue.passHead(node);
        if (next != null) {
            LockSupport.unpark(next.thread);
        } else if (state == FREE) {
            wakeAParkedLeader();
        }
    }

    /**
     * Spins as the lock's one spinning arrival, having claimed {@code successor} for it, then
     * gives the claim up. While the claim stands, releases wake no parked leader, since this
     * thread is there to take the word; so one that gives up wakes a leader itself if it finds the
     * word free (the claim is cleared before the word is read, and a release frees the word before
     * it reads the claim, so one of the two sees the other). Being the lock's only thread that
     * may do so, it keeps spinning while the holder is unmounted when the scheduler has another
     * carrier for the holder to come back on.
     *
     * @return true if it took the word
     */
    private boolean spinAsTheSpinningArrival(long me, Waiter waiter) {
        boolean took = spinForWord(me, null, Holders.SEVERAL_CARRIERS, waiter);
        successor = null;
        if (!took && state == FREE) {
            wakeAParkedLeader();
        }
        return took;
    }

    /**
     * Spins on the word while that may pay off: within the current spin budget and what the waiter
     * allows ({@link Waiter#spinLimit}, {@link Waiter#interruptPending}), while the holder
     * may be running (or, if {@code throughUnmounted}, also while it waits for a carrier), and
     * taking the word only where no other hold began since its last read ({@link #takesFreeWord}),
     * and pausing between reads for as long as the lock's turnover asks ({@link #nextPause}). Adapts
     * the budget: a spin that took the word earns the next ones more time, one that ran out
     * leaves them less; one that the waiter ended leaves the budget as it was.
     *
     * <p>A leader also watches its own node: a forced hand-over grants the lock to a leader whether
     * it is parked or spinning, and keeps the word held, so the word alone would show a spinning
     * leader a lock held by nobody until its budget ran out.
     *
     * @param me     the spinning thread's id
     * @param leader the spinning thread's node if it leads a queue, else null
     * @return true if it took the word or was handed the lock; with no spin budget, the word is
     *         still tried once
     */
    private boolean spinForWord(long me, QNode leader, boolean throughUnmounted, Waiter waiter) {
        long budget = spinNanos;
        if (budget == 0) {
            return takeWordIfFree(me);
        }
        long limit = waiter.spinLimit(budget);
        long start = System.nanoTime();
        long lastSeen = NOT_READ;
        for (int pause = 1; ; ) {
            long word = state;
            long seen = (long) HOLDS.getOpaque(this);
            if (leader != null && leader.status == QNode.GRANTED) {
                return true; // handed over: the word stays held for this leader
            }
            if (word == FREE && takesFreeWord(seen, lastSeen)) {
                if (takeFreeWord(me)) {
                    growSpinBudget(budget);
                    return true;
                }
                continue;
            }
            if ((!throughUnmounted && !Holders.mayBeRunning(holderHint())) || waiter.interruptPending()) {
                return false;
            }
            if (System.nanoTime() - start > limit) {
                if (limit == budget) {
                    shrinkSpinBudget(budget);
                }
                return false;
            }
            pause = nextPause(pause, seen, lastSeen);
            lastSeen = seen;
            for (int i = 0; i < pause; i++) {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Whether a spinner that reads the word free, with {@code seen} holds counted, takes it: on its
     * first read ({@code lastSeen} is {@link #NOT_READ}), or if the count is the one of its
     * previous read, {@code lastSeen}: no other hold began since. Otherwise the word is free in a
     * running thread's gap between two holds, where taking it only moves the lock's cache line (see
     * "Taking the word" above).
     */
    static boolean takesFreeWord(long seen, long lastSeen) {
        return lastSeen == NOT_READ || seen == lastSeen;
    }

    /**
     * The number of {@link Thread#onSpinWait()} calls before a spinner's next read, after a pause
     * of {@code pause} and a read that counted {@code seen} holds where the read before counted
     * {@code lastSeen}: halved (down to 1) if no hold began in between, one hold lasting, else
     * doubled (up to {@link #MAX_PAUSES}), the lock turning over (a word freed with no hold begun
     * is taken, not paused on).
     */
    static int nextPause(int pause, long seen, long lastSeen) {
        return seen == lastSeen ? Math.max(1, pause >> 1) : Math.min(2 * pause, MAX_PAUSES);
    }

    /**
     * A spin that took the word earns the next ones a step more time, up to {@code maxSpinNanos}.
     * The budget lies near the holder's fields, so it is written only when it changes.
     */
    private void growSpinBudget(long budget) {
        if (budget < maxSpinNanos) {
            spinNanos = (int) Math.min(maxSpinNanos, budget + maxSpinNanos / SPIN_STEPS);
        }
    }

    /** A spin that ran out leaves the next ones two steps less time, down to one step. */
    private void shrinkSpinBudget(long budget) {
        int shrunk = (int) Math.max(maxSpinNanos / SPIN_STEPS, budget - 2 * maxSpinNanos / SPIN_STEPS);
        if (shrunk != budget) {
            spinNanos = shrunk;
        }
    }

    @Override
    final void release() {
        QNode passFrom = holderNode;
        int passQueue = holderQueue; // read before a hand-over: the new holder writes its own
        if (passFrom != null) {
            holderNode = null;
        }
        if ((parkHint & LEADER_PARKED) != 0 && handedOver()) {
            passHead(passFrom, passQueue);
            return;
        }
        freeWord();
        if (!passHead(passFrom, passQueue)) {
            wakeAParkedLeader(); // reads the hint after the word is free, as every release must
        }
    }

    /**
     * Counts a release made while the hint is set, and at the {@code handOffBound}-th hands the
     * lock directly to a waiting leader, if there is one. A new count starts whether or not the
     * hand-over succeeds, so it never exceeds the bound.
     */
    private boolean handedOver() {
        if (++handOffCount < handOffBound) {
            return false;
        }
        handOffCount = 0;
        return handOffToALeader();
    }

    /**
     * Lets the word go. A volatile store, not a compare-and-set: nobody but the holder writes a
     * held word. Its full fence orders it before the caller's next read of {@code parkHint}, the
     * release's half of the pair with a parking leader's announcement (see "No lost wake-up").
     */
    private void freeWord() {
        state = FREE;
    }

    /**
     * Passes the head of the holder's queue on, if it came through one, and wakes the new head.
     *
     * @return whether a thread was woken
     */
    private boolean passHead(QNode from, int queue) {
        if (from == null) {
            return false;
        }
        QNode next = queues[queue].passHead(from);
        if (next == null) {
            return false;
        }
        LockSupport.unpark(next.thread);
        return true;
    }

    /**
     * Wakes one parked leader, unless none is parked or a leader woken earlier has not run yet.
     * Clears the hint if it finds none, by a compare-and-set on the value it read before the
     * search: a leader that parks after that read advances the count of announcements, so the
     * clear fails and the search runs again.
     */
    private void wakeAParkedLeader() {
        for (;;) {
            long hint = parkHint;
            if ((hint & LEADER_PARKED) == 0 || successor != null) {
                return;
            }
            QNode parked = findParkedLeader();
            if (parked == null) {
                if (PARK_HINT.compareAndSet(this, hint, hint & ~LEADER_PARKED)) {
                    return;
                }
                continue;
            }
            if (SUCCESSOR.compareAndSet(this, null, parked)) {
                if (PARKED.compareAndSet(parked, true, false)) {
                    LockSupport.unpark(parked.thread);
                    return;
                }
                SUCCESSOR.compareAndSet(this, parked, null);
            }
        }
    }

    /** The first leader marked parked, searching the queues round-robin from {@code nextQueue}, which it moves on. */
    private QNode findParkedLeader() {
        int start = nextQueue;
        for (int i = 0; i < queues.length; i++) {
            int index = start + i < queues.length ? start + i : start + i - queues.length;
            QNode leader = queues[index].leader;
            if (leader != null && leader.parked) {
                nextQueue = index + 1 < queues.length ? index + 1 : 0;
                return leader;
            }
        }
        return null;
    }

    /**
     * Hands the held lock to the next waiting leader in round-robin order, if there is one: the
     * hand-overs' own order, which wake-ups do not move (see "Fairness bound"). Holder-only state
     * is written before the grant: once granted, the lock is no longer ours.
     */
    private boolean handOffToALeader() {
        int start = nextHandOff;
        for (int i = 0; i < queues.length; i++) {
            int index = start + i < queues.length ? start + i : start + i - queues.length;
            QNode leader = queues[index].leader;
            if (leader != null) {
                nextHandOff = index + 1 < queues.length ? index + 1 : 0;
                STATE.setOpaque(this, HANDING_OVER); // no thread's id: the granted leader writes its own
                if (leader.casStatus(QNode.HEAD, QNode.GRANTED)) {
                    LockSupport.unpark(leader.thread);
                    return true;
                }
            }
        }
        return false;
    }

    private void clearSuccessor(QNode node) {
        if (successor == node) {
            SUCCESSOR.compareAndSet(this, node, null);
        }
    }

    /** The queue of that index; for tests. */
    final NodeQueue queueAt(int index) {
        return queues[index];
    }

    /** Releases with a leader parked since the last forced hand-over, in {@code [0, handOffBound)}; for tests. */
    final int handOffCount() {
        return handOffCount;
    }

    private static final VarHandle PARKED;

    static {
        try {
            PARKED = MethodHandles.lookup().findVarHandle(QNodeFields.class, "parked", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}

/**
 * The hot fields of a {@link LeaderLock}, after those of {@link AbstractReentrantLock}. The word,
 * {@code holds} and {@code parkHint} are its only {@code long}s: HotSpot lays them out first, in
 * that order (see {@link LeaderLock}, "The hot fields"; a {@code LayoutTest} checks that the word
 * and {@code holds}, which every hold writes, are contiguous).
 */
abstract class LeaderLockFields extends AbstractReentrantLock {
    /** {@link #state} while nobody holds the lock; a held word is its holder's thread id. */
    static final long FREE = 0;
    /**
     * {@link #state} while a holder hands the lock to a leader directly: no thread's id (ids are
     * positive), so nobody takes the word or sees itself as its owner until the leader writes its
     * own id.
     */
    static final long HANDING_OVER = -1;
    /** {@link #parkHint}: some leader may be parked (a hint: a release that finds none clears it). */
    static final long LEADER_PARKED = 1;
    /**
     * {@link #parkHint}: each leader's announcement that it parks adds one {@code ANNOUNCEMENT}, so
     * that a release that clears the hint by compare-and-set fails if a leader announced itself
     * since it read the hint. A {@code long}: the count never comes back to a value a thread read.
     */
    static final long ANNOUNCEMENT = 2;
    /** A spin budget grows or shrinks by {@code maxSpinNanos / SPIN_STEPS}. */
    static final int SPIN_STEPS = 16;
    /** The most {@link Thread#onSpinWait()} calls between two reads of the word by a spinner. */
    static final int MAX_PAUSES = 64;
    /** What a spinner has seen of {@link #holds} before its first read: a count never reached. */
    static final long NOT_READ = -1;
    /** {@link #successor} while an arriving thread spins for the word as its one spinning arrival. */
    static final QNode SPINNING_ARRIVAL = new QNode(null, 0);

    static final VarHandle STATE;
    static final VarHandle HOLDS;
    static final VarHandle PARK_HINT;
    static final VarHandle SUCCESSOR;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(LeaderLockFields.class, "state", long.class);
            HOLDS = lookup.findVarHandle(LeaderLockFields.class, "holds", long.class);
            PARK_HINT = lookup.findVarHandle(LeaderLockFields.class, "parkHint", long.class);
            SUCCESSOR = lookup.findVarHandle(LeaderLockFields.class, "successor", QNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The lock word: {@link #FREE}, the holder's thread id, or {@link #HANDING_OVER}. Taken from
     * {@code FREE} by compare-and-set; a held word is written only by its holder, and by the leader
     * it hands the lock to.
     */
    volatile long state;
    /**
     * The acquisitions of a free word so far: advanced by each new holder, opaque, read by
     * spinners to tell whether another hold began between two of their reads
     * ({@link LeaderLock#takesFreeWord}). A direct hand-over does not advance it.
     */
    long holds;
    /** {@link #LEADER_PARKED} and the count of {@link #ANNOUNCEMENT}s. */
    volatile long parkHint;
    /**
     * A leader woken by a release that has not run since, or {@link #SPINNING_ARRIVAL}: while it is
     * set, releases wake no one else.
     */
    volatile QNode successor;
    /**
     * Holder-only: the holder's node if it came through a queue (it is still that queue's head),
     * null if it took a free word: what its release passes on.
     */
    QNode holderNode;
    /** Holder-only: the queue the holder came through; meaningful only while {@link #holderNode} is set. */
    int holderQueue;
    /** Holder-only: releases with a leader parked since the last forced hand-over. */
    int handOffCount;
    /** Holder-only: the queue whose leader the next forced hand-over tries first. */
    int nextHandOff;
    /**
     * Where the next search for a parked leader to wake starts: round-robin over the queues.
     * Written without synchronization by the threads that search, none of them holding the lock (a
     * releaser after it let go, a spinning arrival or a leader that gives up): a lost update only
     * repeats a queue once.
     */
    int nextQueue;
    /** The current spin budget in nanoseconds; adapted without synchronization (a lost update is harmless). */
    int spinNanos;
}

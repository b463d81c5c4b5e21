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
 * <p><b>The hot fields.</b> The lock word ({@code state}), the holder and its hold count
 * ({@link AbstractReentrantLock}), and the holder's own bookkeeping sit together between padding,
 * as with {@link java.util.concurrent.locks.AbstractQueuedSynchronizer}'s state or a HotSpot
 * monitor. The word holds {@link #HELD}, a hint, {@link #LEADER_PARKED}, that some leader may be
 * parked, and a stamp ({@link #STAMP}, see "Taking the word"). A holder
 * that took a free word keeps the word it wrote ({@code heldWord}), and its release frees the word
 * with one compare-and-set that expects that value: it reads nothing first, and a leader that
 * announced itself meanwhile changed the word, so the compare-and-set fails and the full release
 * runs (one thread, lock+unlock: 6.39 ns, against 6.86 ns when the release read the word first, and
 * {@code synchronized}'s 6.34 ns). A holder that came through a queue keeps 0 there (a held word
 * is never 0), so the common release reads neither its node nor its queue. The holder is recorded
 * by its thread id, not a reference to its thread ({@link AbstractReentrantLock}), so a thread that
 * takes the lock again runs no garbage-collector write barrier (its thread, a spinner's hint, is
 * written only while a waiter may read it, and only when it changes, except with one carrier): on
 * a later day of the same machine, lock+unlock measured 10.25–10.62 ns with the reference against
 * {@code synchronized}'s 9.46–9.90, and 9.93–10.13 with the id against 9.64–9.85.
 *
 * <p>Where the fields lie matters as much as how many there are. An object is only 8-byte aligned,
 * so a group of fields spans one cache line or two depending on where the lock lands, and a hold
 * that must fetch two lines from the core that held the lock last pays for both: in the text
 * statistics on 2 carriers, with every object 64-byte aligned, a lock whose owner id lay on one
 * line and its word on the next ran 9% slower than one with both on the same line (8 of 8 rounds,
 * docs/results.md, 2026-11-29). So the three fields every hold writes, the owner's id, the word
 * and {@code heldWord}, lie side by side (offsets 160 to 184 with compressed class pointers), 24
 * bytes that split in 2 of the 8 places an object may start at (a {@code LayoutTest} checks that
 * they are contiguous), where they were 48 bytes apart and split in 5 of 8. The hold count, the
 * spinners' hint and its watchers, which a release reads, come just before them: where a line
 * boundary falls between, the line before holds nothing that an uncontended hold writes. With one
 * carrier every hold also writes the hint ({@link AbstractReentrantLock}).
 *
 * <p><b>Arrival.</b> A thread tries the word ({@link #tryAcquire}, then once more), taking it if it
 * is free (it <em>barges</em>): on virtual threads a hand-over to a parked thread costs a wake-up
 * and a scheduling round trip, about a microsecond, during which the lock would sit idle, so a
 * lock that lets running threads take it keeps it busy. Otherwise the thread joins a
 * {@link NodeQueue}, chosen by the NUMA node it runs on ({@link NodeLocator}). Before it queues,
 * one arrival at a time spins: the <em>spinning arrival</em>, which claims {@code successor} (see
 * below) for as long as it spins. It is the thread ready to take the word the moment a hold ends,
 * like the spinner that HotSpot's monitors record as their successor: without it, the word of a
 * lock whose holder came through a queue sat idle at every release until a woken thread was
 * scheduled, and the queue was passed on at every acquisition (on 2 carriers, with sections of
 * about 2.5 µs that yield, 56% of acquisitions went through a park and an unpark, and the lock
 * ran at 0.86–0.91× of {@code synchronized}). An arrival that finds the claim taken spins only if
 * its queue is empty, as the leader it would become: a wait shorter than the spin allocates
 * nothing and writes none of the queue's cache lines (on 2 carriers the text statistics, 2 maps
 * under 2 locks, ran 6-9% faster). Other arrivals do not spin: with short critical sections every
 * spinner pulls the word's cache line away from a holder that would have taken the lock again at
 * once, and the lock's throughput falls to one cache-line transfer per acquisition (on 2 carriers,
 * a counter++ section ran at about 0.4× of {@code ReentrantLock} with every arrival spinning, and on
 * a par with it with none). Arrivals that find an empty queue at the same moment may spin side by
 * side; the queue's first entry ends that. The spinning arrival asks the locator where it runs only
 * if its spin fails: in the text statistics on 2 carriers, 99% of the acquisitions that missed the
 * word ended in that spin, and the node only chooses a queue.
 *
 * <p><b>Spinning</b> is for leaders, for arrivals that would lead, and for the one spinning
 * arrival, so a lock has about one spinner per queue, plus one. It is bounded in time
 * ({@code maxSpinNanos}, 20 µs unless set) and adapts to how often it paid off recently (after the
 * adaptive spinning of HotSpot's monitors, which also spin for tens of microseconds): a spin that
 * fails leaves the next ones less time, down to {@code maxSpinNanos / SPIN_STEPS}. The bound is
 * longer than a park/unpark round trip (1 µs on one carrier, 2.5 µs across two) because a parked
 * leader costs more than that: the word sits free, or is taken by bargers, until the woken leader
 * is scheduled, and the woken virtual thread is queued on its waker's carrier. On 2 carriers,
 * sections of about 2.5 µs that yield ran 10% faster with a 20 µs bound than with 2 µs.
 *
 * <p><b>Taking the word.</b> A spinner reads the word, with a pause of {@link Thread#onSpinWait()}
 * calls between two reads, and takes a free word only if its stamp is the one the spinner read
 * last, or on its first read ({@link #takesFreeWord}): the hold it waited on has ended and nobody
 * has taken the lock since. Every acquisition of a free word advances a stamp in the word
 * ({@link #STAMP}; so does a leader's announcement that it parks), so a stamp that moved on while
 * the spinner paused shows the lock turning over among running threads, and the word free only in
 * the gap between two of their holds. Taking it there keeps the lock no busier, but moves the
 * word's cache line to the spinner and turns the thread that was about to take it again into a
 * waiter, which then takes it back at the next such gap: a transfer of the line every few holds.
 * So the spinner declines the word and pauses longer, doubling its pause (up to
 * {@link #MAX_PAUSES}) while the stamp moves and halving it while one hold lasts
 * ({@link #nextPause}): it reads the word's line less often the faster the lock turns over, and
 * takes the word when a hold ends with nobody behind it, or gives up when its time runs out.
 * HotSpot's monitors read the same sign (a spinner that sees the owner change between two probes
 * ends its spin, objectMonitor.cpp, {@code try_spin}); here the spinner stays, since a woken thread
 * costs more than the spin (see "Spinning").
 *
 * <p>One 16-core run favoured this rule (docs/results.md, 2026-11-30): a counter++ section ran at
 * 1.08×, 1.55×, 1.66× and 1.94× of {@code ReentrantLock} at 2, 16, 64 and 256 threads with it.
 * Both parts of the rule it replaced lost there. With this loop and that rule's give-up (a
 * spinner gave its spin up once more than two holds began since its first read, leaving a busy
 * lock to running threads by parking, after Dice's "Malthusian Locks", EuroSys 2017), the same
 * run measured 0.60×, 0.91×, 0.83× and 1.03×. And that rule's own loop, which read the word after
 * every single pause and took every free word it read, ran at 0.72× and 0.76× at 16 and 256
 * threads in a run earlier that day, and at 0.63–0.83× with one of its two give-ups (the
 * arrivals', the leaders') turned off. It had won on 2 carriers, where a spinner's reads cost
 * little. The text statistics and high contention ran within 8% of each other under the two
 * rules.
 *
 * <p><b>An unmounted holder.</b> A spinner stops at once when the holder is a virtual thread that
 * is not mounted ({@link Holders}): such a holder cannot let go before it is scheduled, and a
 * spinner would only occupy a carrier it may need. The one exception is the spinning arrival when
 * the scheduler has several carriers: a holder that yields inside its critical section is unmounted
 * only briefly, and with one such spinner per lock the holder has another carrier to come back on.
 * Stopping there too, the spinning arrival saw every such yield and parked (on 2 carriers,
 * sections of about 2.5 µs that yield, 2/8/64 threads: 208/207/207 ms, against 168/175/180 spinning
 * on and {@code synchronized}'s 166/178/184 in the same run; HotSpot's monitors also spin on
 * through an unmounted owner). With one carrier, spinning on doubled the time of such sections, so
 * there it stops as the others do. Every wait therefore ends in a park after a bounded spin, and no
 * carrier is held hostage. A spinner learns of the holder through the thread a new holder records
 * ({@link #holderHint()}), which it records only while a thread past the spinning arrival's stage
 * waits ({@link #watchHolder()}): the spinning arrival itself does not look, with several carriers.
 *
 * <p><b>Leaders.</b> The head of a queue publishes itself as the queue's {@link NodeQueue#leader}
 * and competes for the word: it spins as above, then marks itself {@link QNode#parked}, sets the
 * {@code LEADER_PARKED} hint with a compare-and-set that also re-reads the word and advances its
 * stamp, and parks. So at most one thread per queue contends for the word with the barging
 * threads, and threads queued behind a leader park at once: they are at least one critical
 * section away from the lock.
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
 * the grant as well as the word), taking queues in round-robin order. A leader therefore
 * stays parked through at most {@code handOffBound × queues} releases; between two of its parks it
 * spins for at most {@code maxSpinNanos}, and releases in that time are bounded by the time, not
 * counted. The count restarts at every hand-off attempt, so it stays below the bound for the whole
 * life of the lock.
 *
 * <h2>Invariants</h2>
 * <ol>
 *   <li>{@code HELD} is set exactly while some thread holds the lock, including during a direct
 *       hand-over.</li>
 *   <li>Only a queue's current head writes that queue's {@code leader}, and it clears it before
 *       the head passes on.</li>
 *   <li>No lost wake-up: a leader parks only after a compare-and-set that set the hint while
 *       {@code HELD} was set, so the release that clears {@code HELD} comes later in the word's
 *       order, sees the hint, and wakes a leader, or leaves that to a successor that has not run
 *       yet and will compete, or to a leader it hands the lock to. The spinning arrival clears
 *       its claim before it reads the word, and wakes a leader if it gives up on a free word.
 *       A release that clears the hint, having found no leader parked, does so by compare-and-set on
 *       the word it read before its search, and every leader's announcement advances the stamp:
 *       so a leader that parks after that read makes the clear fail, and one that parked before
 *       it was marked parked before the search. A leader that gives up passes the head on and,
 *       if the word is free, wakes a leader as a release would.</li>
 *   <li>Holder-only fields ({@code heldWord}, {@code holderNode}, {@code holderQueue},
 *       {@code handOffCount}) are written only by the holder and handed on through the word's
 *       compare-and-sets or through the status compare-and-set of a direct hand-over.</li>
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
    final boolean tryAcquire() {
        return takeWordIfFree();
    }

    /**
     * One attempt at the word: a compare-and-set if it is free, keeping the hint. Reading first
     * (test-and-test-and-set) keeps a thread that finds the lock held from taking the word's cache
     * line exclusively for nothing.
     */
    private boolean takeWordIfFree() {
        long s = state;
        return (s & HELD) == 0 && takeFreeWord(s);
    }

    /**
     * Takes the word, read free as {@code s}, by compare-and-set, and records the word it wrote
     * for the release ({@code heldWord}).
     */
    private boolean takeFreeWord(long s) {
        long held = nextHold(s);
        if (!STATE.compareAndSet(this, s, held)) {
            return false;
        }
        heldWord = held;
        return true;
    }

    /** The word of a new hold: {@code HELD} set, the hint kept, the stamp advanced. */
    private static long nextHold(long s) {
        return (s + STAMP) | HELD;
    }

    @Override
    final boolean acquire(Waiter waiter) {
        if (takeWordIfFree()) {
            return true;
        }
        boolean spinningArrival = successor == null && SUCCESSOR.compareAndSet(this, null, SPINNING_ARRIVAL);
        if (spinningArrival && spinAsTheSpinningArrival()) {
            return true; // 99% of contended ones in the text statistics: no need to locate the thread
        }
        watchHolder();
        try {
            return acquireThroughQueue(spinningArrival, locator.currentNode(), waiter);
        } finally {
            unwatchHolder();
        }
    }

    /**
     * Waits for the word in the queue of the thread's node: first, if the queue is empty and the
     * thread was not the spinning arrival, by spinning as the leader it would become; then as a
     * queued thread and as the queue's leader.
     */
    private boolean acquireThroughQueue(boolean wasSpinningArrival, int numaNode, Waiter waiter) {
        int index = queueOf(numaNode);
        NodeQueue queue = queues[index];
        if (!wasSpinningArrival && queue.isEmpty() && spinForWord(null, false)) {
            return true; // it would have led the queue: its spin came first, the queue untouched
        }
        QNode node = new QNode(Thread.currentThread(), numaNode);
        if (queue.enqueue(node) != null && !queue.awaitHead(node, waiter)) {
            return false;
        }
        return lead(index, queue, node, waiter);
    }

    /**
     * Competes for the word as the leader of its queue: spins while that may pay off, then parks
     * until woken, handed the lock, or the waiter gives up.
     *
     * @return true once it holds the lock; false if it gave up, having passed the head on
     */
    private boolean lead(int index, NodeQueue queue, QNode node, Waiter waiter) {
        queue.leader = node;
        for (;;) {
            if (node.status == QNode.GRANTED || spinForWord(node, false)) {
                return acquiredAsLeader(index, queue, node);
            }
            node.parked = true;
            long s = state;
            if ((s & HELD) == 0 || !STATE.compareAndSet(this, s, announceParking(s))) {
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
     * The word once a leader has announced that it parks: the hint set and the stamp advanced. The
     * stamp is what makes the announcement visible to a release that is about to clear the hint
     * because its search found no leader parked: with the hint already set, the hint alone would
     * leave the word as that release read it, its compare-and-set would succeed, and the leader
     * would park with no hint to bring a release to it.
     */
    static long announceParking(long s) {
        return (s | LEADER_PARKED) + STAMP;
    }

    /** Takes over as holder through its queue: it stays the head until its release passes it on. */
    private boolean acquiredAsLeader(int index, NodeQueue queue, QNode node) {
        queue.leader = null;
        clearSuccessor(node);
        holderQueue = index;
        holderNode = node;
        heldWord = CAME_THROUGH_A_QUEUE;
        return true;
    }

    /**
     * A leader that gave up (its node is {@link QNode#ABANDONED}, so no hand-over can reach it)
     * passes the head of its queue on, and, since it may have been the thread a release counted
     * on to take a free word, wakes a leader if the word is free.
     */
    private void giveUpLead(NodeQueue queue, QNode node) {
        queue.leader = null;
        QNode next = queue.passHead(node);
        if (next != null) {
            LockSupport.unpark(next.thread);
        } else if ((state & HELD) == 0) {
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
    private boolean spinAsTheSpinningArrival() {
        boolean took = spinForWord(null, Holders.SEVERAL_CARRIERS);
        successor = null;
        if (!took && (state & HELD) == 0) {
            wakeAParkedLeader();
        }
        return took;
    }

    /**
     * Spins on the word while that may pay off: within the current spin budget, while the holder
     * may be running (or, if {@code throughUnmounted}, also while it waits for a carrier), and
     * taking the word only where no other hold began since its last read ({@link #takesFreeWord}),
     * and pausing between reads for as long as the lock's turnover asks ({@link #nextPause}).
     * Adapts the budget: a spin that took the word earns the next ones more time, one that ran out
     * leaves them less.
     *
     * <p>A leader also watches its own node: a forced hand-over grants the lock to a leader whether
     * it is parked or spinning, and keeps the word held, so the word alone would show a spinning
     * leader a lock held by nobody until its budget ran out.
     *
     * @param leader the spinning thread's node if it leads a queue, else null
     * @return true if it took the word or was handed the lock; with no spin budget, the word is
     *         still tried once
     */
    private boolean spinForWord(QNode leader, boolean throughUnmounted) {
        long budget = spinNanos;
        if (budget == 0) {
            return takeWordIfFree();
        }
        long start = System.nanoTime();
        long lastSeen = NOT_READ;
        for (int pause = 1; ; ) {
            long s = state;
            if (leader != null && leader.status == QNode.GRANTED) {
                return true; // handed over: the word stays held for this leader
            }
            if ((s & HELD) == 0 && takesFreeWord(s, lastSeen)) {
                if (takeFreeWord(s)) {
                    growSpinBudget(budget);
                    return true;
                }
                continue;
            }
            if (!throughUnmounted && !Holders.mayBeRunning(holderHint())) {
                return false;
            }
            if (System.nanoTime() - start > budget) {
                shrinkSpinBudget(budget);
                return false;
            }
            pause = nextPause(pause, s, lastSeen);
            lastSeen = s;
            for (int i = 0; i < pause; i++) {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Whether a spinner that reads the word free, as {@code free}, takes it: on its first read
     * ({@code lastSeen} is {@link #NOT_READ}), or if the stamp is the one of its previous read,
     * {@code lastSeen}: no other hold began since, and no leader announced that it parks.
     * Otherwise the word is free in a running thread's gap between two holds, where taking it only
     * moves the lock's cache line (see "Taking the word" above).
     */
    static boolean takesFreeWord(long free, long lastSeen) {
        return lastSeen == NOT_READ || stampOf(free) == stampOf(lastSeen);
    }

    /**
     * The number of {@link Thread#onSpinWait()} calls before a spinner's next read, after a pause
     * of {@code pause} and a read of {@code word} that followed a read of {@code lastSeen}: halved
     * (down to 1) if the word is unchanged, one hold lasting, else doubled (up to
     * {@link #MAX_PAUSES}), the lock turning over (a word freed with the stamp of the last read is
     * taken, not paused on).
     */
    static int nextPause(int pause, long word, long lastSeen) {
        return word == lastSeen ? Math.max(1, pause >> 1) : Math.min(2 * pause, MAX_PAUSES);
    }

    /** The stamp of a word: every bit but {@code HELD} and the hint. */
    private static long stampOf(long word) {
        return word & ~(HELD | LEADER_PARKED);
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
        QNode passFrom = null;
        long held = heldWord;
        if (held != CAME_THROUGH_A_QUEUE) {
            if ((held & LEADER_PARKED) == 0 && STATE.compareAndSet(this, held, held & ~HELD)) {
                return; // the common case: taken without queueing, and no leader parked
            }
        } else {
            passFrom = holderNode;
            holderNode = null;
        }
        int passQueue = holderQueue;
        if ((state & LEADER_PARKED) != 0 && ++handOffCount >= handOffBound) {
            // A new count starts whether or not the hand-over succeeds, so it never exceeds the bound.
            handOffCount = 0;
            if (handOffToALeader()) {
                passHead(passFrom, passQueue);
                return;
            }
        }
        freeWord();
        if (!passHead(passFrom, passQueue)) {
            wakeAParkedLeader();
        }
    }

    /** Clears {@code HELD}, keeping the hint. */
    private void freeWord() {
        for (;;) {
            long s = state;
            if (STATE.compareAndSet(this, s, s & ~HELD)) {
                return;
            }
        }
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
     * Clears the hint if it finds none, by a compare-and-set on the word it read before the search:
     * a leader that parks after that read announces it with a new stamp, so the clear fails and
     * the search runs again.
     */
    private void wakeAParkedLeader() {
        for (;;) {
            long s = state;
            if ((s & LEADER_PARKED) == 0 || successor != null) {
                return;
            }
            QNode parked = findParkedLeader();
            if (parked == null) {
                if (STATE.compareAndSet(this, s, s & ~LEADER_PARKED)) {
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

    /** The first leader marked parked, searching the queues round-robin; holder-only state moves on. */
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
     * Hands the held lock to the next waiting leader in round-robin order, if there is one.
     * Holder-only state is written before the grant: once granted, the lock is no longer ours.
     */
    private boolean handOffToALeader() {
        int start = nextQueue;
        for (int i = 0; i < queues.length; i++) {
            int index = start + i < queues.length ? start + i : start + i - queues.length;
            QNode leader = queues[index].leader;
            if (leader != null) {
                nextQueue = index + 1 < queues.length ? index + 1 : 0;
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
 * The hot fields of a {@link LeaderLock}, after the owner's id, the last field of
 * {@link AbstractReentrantLock}. The word and {@code heldWord} are its only {@code long}s: HotSpot
 * lays them out first, right after the owner's id, and puts one of the narrower fields in the gap
 * that the superclasses left before the id (see {@link LeaderLock}, "The hot fields"; a
 * {@code LayoutTest} checks that the id, the word and {@code heldWord} are contiguous).
 */
abstract class LeaderLockFields extends AbstractReentrantLock {
    /** {@link #state}: the lock is held. */
    static final long HELD = 1;
    /**
     * {@link #heldWord} of a holder that came through a queue ({@link #holderNode} set), whose
     * release passes the head on: never a held word, which has {@link #HELD} set.
     */
    static final long CAME_THROUGH_A_QUEUE = 0;
    /** {@link #state}: some leader may be parked (a hint: a release that finds none clears it). */
    static final long LEADER_PARKED = 2;
    /**
     * {@link #state}: each acquisition of a free word adds one {@code STAMP} (a direct hand-over
     * keeps it), and so does each leader's announcement that it parks. A spinner that reads the same
     * stamp twice knows that no other hold began in between ({@link LeaderLock#takesFreeWord}); a
     * release that clears the hint by compare-and-set fails if a leader announced itself since it
     * read the word. The word is a {@code long} so that the stamp never comes back to a value a
     * thread read (2^62 steps).
     */
    static final long STAMP = 4;
    /** A spin budget grows or shrinks by {@code maxSpinNanos / SPIN_STEPS}. */
    static final int SPIN_STEPS = 16;
    /** The most {@link Thread#onSpinWait()} calls between two reads of the word by a spinner. */
    static final int MAX_PAUSES = 64;
    /**
     * What a spinner has seen of the word before its first read: a value no word takes, since the
     * word would need 2^62 - 1 advances of the stamp to reach it.
     */
    static final long NOT_READ = -1;
    /** {@link #successor} while an arriving thread spins for the word as its one spinning arrival. */
    static final QNode SPINNING_ARRIVAL = new QNode(null, 0);

    static final VarHandle STATE;
    static final VarHandle SUCCESSOR;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(LeaderLockFields.class, "state", long.class);
            SUCCESSOR = lookup.findVarHandle(LeaderLockFields.class, "successor", QNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile long state;
    /**
     * A leader woken by a release that has not run since, or {@link #SPINNING_ARRIVAL}: while it is
     * set, releases wake no one else.
     */
    volatile QNode successor;
    /**
     * Holder-only: the word as the holder's acquisition of a free word left it, what its release
     * expects to find; {@link #CAME_THROUGH_A_QUEUE} if the holder came through a queue.
     */
    long heldWord;
    /** Holder-only: the holder's node if it came through a queue (it is still that queue's head). */
    QNode holderNode;
    /** Holder-only: the queue the holder came through; meaningful only while {@link #holderNode} is set. */
    int holderQueue;
    /** Holder-only: releases with a leader parked since the last forced hand-over. */
    int handOffCount;
    /**
     * Where the next search for a leader to wake or hand the lock to starts: round-robin over the
     * queues. Also written by a releaser after it let go, without synchronization: a lost update
     * only repeats a queue once.
     */
    int nextQueue;
    /** The current spin budget in nanoseconds; adapted without synchronization (a lost update is harmless). */
    int spinNanos;
}

package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The {@link Lock} contract, reentrant like {@link java.util.concurrent.locks.ReentrantLock}, on
 * top of a subclass's non-reentrant acquire and release.
 *
 * <p>A subclass supplies the lock algorithm: {@link #tryAcquire()} takes the lock if that is
 * possible at once, {@link #acquire(Waiter)} waits for it on the terms of a {@link Waiter}, and
 * {@link #release()} lets it go. Those are package-private, and so is the constructor: the kit's
 * locks extend this class, a user's lock does not (it implements {@link Lock} and is plugged in
 * through {@link org.numaloom.locks.registry.LockProvider}). The class is public for what it
 * gives a lock's users, {@link #isHeldByCurrentThread()} and {@link #getHoldCount()}.
 *
 * <p>This class adds what every lock of the kit shares: an owner thread and a hold count, so that
 * the owner may lock again and must unlock as often; the {@link IllegalMonitorStateException} for
 * an unlock by a thread that does not hold the lock; interruptible and timed acquisition; and
 * {@link Condition}s.
 *
 * <p>The owner is known by its {@linkplain Thread#threadId() thread id}, which no other thread of
 * the JVM ever has, as HotSpot's monitors know theirs since JDK 24, and not by a reference to the
 * thread: a reference stored at every acquisition runs the garbage collector's write barrier every
 * time, and the owner's id is what every check needs (the thread itself is kept as a hint for
 * spinning waiters, written only where one may read it, see {@link #watchHolder()}). Where the id
 * lies is the subclass's ({@link #ownerId()}): the word of a {@link LeaderLock} is its holder's id,
 * so that the compare-and-set that takes the lock records the owner too; an MCS lock's holder is
 * the thread of its node. A thread compares the owner only with its own id, and it cannot see
 * itself as the owner unless it made itself the owner, because its own release cleared that (the
 * reasoning of {@link java.util.concurrent.locks.AbstractOwnableSynchronizer}).
 *
 * <p>Interrupts follow {@code ReentrantLock}: {@link #lock()} ignores them while waiting and
 * re-asserts them once it holds the lock; {@link #lockInterruptibly()} and
 * {@link #tryLock(long, TimeUnit)} throw {@link InterruptedException} and leave the lock's queue as
 * if they had never waited. A wait that gets the lock at the moment it is interrupted or times out
 * keeps the lock (and, if interrupted, the interrupt status).
 */
public abstract class AbstractReentrantLock extends Padding implements Lock {
    /** {@code holderWatchers}, counted up and down atomically. */
    private static final VarHandle HOLDER_WATCHERS;
    /** {@code holder}, cleared by compare-and-set by the last watcher to leave. */
    private static final VarHandle HOLDER;

    /** The holder's holds beyond the first; written by the holder only. */
    int reentries;
    /**
     * The thread of a recent holder, for a spinning waiter to see whether the holder runs
     * ({@link #holderHint()}). A new holder writes it only while some thread waits for the lock past
     * its first tries ({@link #holderWatchers}), or where the scheduler has one carrier, and only
     * when it differs: a reference store runs the garbage collector's write barrier (what that
     * costs: docs/locks.md, "Why the engine is built so"). It is forgotten once nobody needs it: by
     * a holder that lets go while nobody watches, and by the last watcher to leave, if the thread no
     * longer holds the lock (in a race between the two, at the lock's next use). A lock that kept
     * its last holder's thread would keep that thread, and what it still refers to (its context
     * class loader, say), reachable for as long as the lock lives, where {@code ReentrantLock}
     * clears its owner at the release. While threads watch, a holder that takes the lock again
     * writes nothing.
     */
    Thread holder;
    /**
     * The threads between their {@link #watchHolder()} and {@link #unwatchHolder()}. Updated
     * atomically, read plainly by a new holder and by a holder that lets go: a stale read costs one
     * hold's hint, one write nobody reads, or a recorded thread kept until the lock's next use.
     */
    int holderWatchers;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HOLDER_WATCHERS = lookup.findVarHandle(AbstractReentrantLock.class, "holderWatchers", int.class);
            HOLDER = lookup.findVarHandle(AbstractReentrantLock.class, "holder", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
        initializeSlowPathClasses();
    }

    AbstractReentrantLock() {
    }

    /**
     * Initializes the classes of the slow paths with the first lock, in the thread that builds it,
     * rather than in its first contenders: a virtual thread that runs a class initializer, or
     * waits for another thread's, keeps its carrier, and contenders come many at once (see
     * {@link org.numaloom.locks.placement.CpuLocator#prepare()}). {@link Holders} reflects into
     * {@code java.lang.VirtualThread}; {@link QNode} looks up its field handles.
     */
    private static void initializeSlowPathClasses() {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            lookup.ensureInitialized(Holders.class);
            lookup.ensureInitialized(QNode.class);
        } catch (IllegalAccessException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Checks a spin bound given to a lock's constructor. */
    static long checkedSpin(long maxSpinNanos) {
        if (maxSpinNanos < 0) {
            throw new IllegalArgumentException("maxSpinNanos must be >= 0, got " + maxSpinNanos);
        }
        return maxSpinNanos;
    }

    /** Takes the lock if that is possible without waiting, recording the caller as its owner. */
    abstract boolean tryAcquire();

    /**
     * Takes the lock, waiting on the waiter's terms, and records the caller as its owner.
     *
     * @return false if the waiter gave up (timeout, interrupt); the lock's state is then as if the
     *         thread had never asked
     */
    abstract boolean acquire(Waiter waiter);

    /**
     * Lets the lock go, no longer recording the caller as its owner; called by the owner once its
     * hold count reaches zero.
     */
    abstract void release();

    /**
     * The owner's thread id, as far as a racy read can tell: a whole {@code long}, never halves of
     * two; 0 while nobody holds the lock, and a negative value, which no thread has, while a lock
     * passes from one holder to the next. While a thread holds the lock, that thread reads its own
     * id (it recorded it) and every other thread reads another value.
     */
    abstract long ownerId();

    @Override
    public void lock() {
        if (tryAcquire()) {
            own();
        } else if (!reenter()) {
            Waiter waiter = Waiter.untimed(false);
            acquire(waiter);
            if (waiter.wasInterrupted()) {
                Thread.currentThread().interrupt();
            }
            own();
        }
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (reenter()) {
            return;
        }
        if (!tryAcquire()) {
            acquireOrThrow(Waiter.untimed(true));
        }
        own();
    }

    @Override
    public boolean tryLock() {
        if (tryAcquire()) {
            own();
            return true;
        }
        return reenter();
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
        Objects.requireNonNull(unit, "unit");
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        if (reenter()) {
            return true;
        }
        long nanos = unit.toNanos(time);
        if (!tryAcquire() && (nanos <= 0L || !acquireOrThrow(Waiter.timed(nanos)))) {
            return false;
        }
        own();
        return true;
    }

    @Override
    public void unlock() {
        if (!isHeldByCurrentThread()) {
            throw new IllegalMonitorStateException(
                    "unlock() by " + Thread.currentThread() + ", which does not hold " + this);
        }
        if (reentries != 0) {
            reentries--;
        } else {
            disown();
            release();
        }
    }

    @Override
    public Condition newCondition() {
        return new LockCondition(this);
    }

    /**
     * The holder as far as a racy read can tell, null if none or not recorded; for a waiter
     * deciding whether to spin, never for a decision about ownership. The recorded thread counts
     * only while its id is still the owner's: a holder that let go, or a new one that wrote no
     * thread (nobody watched when it took the lock, see {@link #watchHolder()}), would otherwise
     * stand in for the holder, and a spinner that saw it unmounted would give its spin up while the
     * real holder runs.
     */
    final Thread holderHint() {
        Thread latest = holder;
        return latest != null && latest.threadId() == ownerId() ? latest : null;
    }

    /**
     * Announces a waiter that may read {@link #holderHint()} in a spin before its
     * {@link #unwatchHolder()}: holders that take the lock meanwhile record their thread for it. A
     * thread watches from the moment it may queue until it holds the lock or gives up, parks
     * included, so that after a wake-up it finds the holder that took the lock while it was parked
     * (docs/locks.md, "Why the engine is built so"). The hold under way when it starts may have
     * begun unwatched; its hint is then null, and a spin goes on as if the holder ran, within its
     * time bound. The count shares the lock's hot line: two atomic updates per acquisition that
     * waits, which is why the spinning arrival, which ends 99% of the contended acquisitions of the
     * text statistics, does not watch where it need not.
     */
    final void watchHolder() {
        HOLDER_WATCHERS.getAndAdd(this, 1);
    }

    /**
     * Ends a {@link #watchHolder()}. The last watcher to leave forgets the recorded thread if it
     * no longer holds the lock (one that still does keeps its hint, which with one carrier the
     * spinners that do not watch still read), by compare-and-set, so that a thread recorded
     * meanwhile stays.
     */
    final void unwatchHolder() {
        if ((int) HOLDER_WATCHERS.getAndAdd(this, -1) == 1) {
            Thread recorded = holder;
            if (recorded != null && recorded.threadId() != ownerId()) {
                HOLDER.compareAndSet(this, recorded, null);
            }
        }
    }

    /** The threads watching the holder now; for tests. */
    final int holderWatcherCount() {
        return (int) HOLDER_WATCHERS.getVolatile(this);
    }

    /**
     * Whether the current thread holds this lock, as {@link java.util.concurrent.locks.ReentrantLock#isHeldByCurrentThread()}:
     * for assertions and for code that must run only under the lock.
     */
    public final boolean isHeldByCurrentThread() {
        return ownerId() == Thread.currentThread().threadId();
    }

    /** The number of holds on this lock by the current thread, 0 if it does not hold it. */
    public final int getHoldCount() {
        return isHeldByCurrentThread() ? reentries + 1 : 0;
    }

    /** Releases every hold of the current thread, which must own the lock; for condition waits. */
    final int releaseFully() {
        int saved = reentries + 1;
        reentries = 0;
        disown();
        release();
        return saved;
    }

    /** Takes the lock again, uninterruptibly, with the holds saved by {@link #releaseFully}. */
    final void reacquire(int savedHolds) {
        lock();
        reentries = savedHolds - 1;
    }

    @Override
    public String toString() {
        long owner = ownerId();
        if (owner == 0) {
            return super.toString() + "[Unlocked]";
        }
        if (owner < 0) {
            return super.toString() + "[Locked, being handed to a waiting thread]";
        }
        Thread latest = holderHint();
        return super.toString() + "[Locked by thread " + (latest == null ? "#" + owner : latest.getName()) + "]";
    }

    private boolean reenter() {
        if (!isHeldByCurrentThread()) {
            return false;
        }
        if (reentries == Integer.MAX_VALUE - 1) {
            throw new Error("Maximum lock count exceeded");
        }
        reentries++;
        return true;
    }

    /**
     * Records the caller's thread as the holder of a lock it just took (the lock recorded its id);
     * {@code reentries} is already 0. The thread is recorded where a spinner may look for it: while
     * one watches, or always with one carrier, where a spinner that took an unmounted holder for a
     * running one would hold the very carrier the holder needs for its whole spin.
     */
    private void own() {
        Thread current = Thread.currentThread();
        if (holder != current && (!Holders.SEVERAL_CARRIERS || holderWatchers != 0)) {
            holder = current;
        }
    }

    /**
     * Forgets the holder's thread, before the holder lets the lock go, where it was recorded and
     * nobody watches (a plain store, which the release publishes to the next holder).
     */
    private void disown() {
        if (holder != null && holderWatchers == 0) {
            holder = null;
        }
    }

    private boolean acquireOrThrow(Waiter waiter) throws InterruptedException {
        if (acquire(waiter)) {
            if (waiter.wasInterrupted()) {
                Thread.currentThread().interrupt();
            }
            return true;
        }
        if (waiter.abortedByInterrupt()) {
            throw new InterruptedException();
        }
        return false;
    }
}

package org.numaloom.locks;

import java.util.ArrayList;
import java.util.List;

import org.numaloom.locks.registry.LockType;

/**
 * The negative controls: locks that are broken on purpose, one flaw each, for the suites that must
 * prove they can catch such a flaw (a suite that passes them checks nothing). Deliberately not in
 * the {@link org.numaloom.locks.registry.LockRegistry}: no suite that iterates the registry, and no
 * user, may mistake them for locks.
 */
public final class BrokenLocks {
    private BrokenLocks() {
    }

    /**
     * NEGATIVE CONTROL: unlock frees the lock word with a plain write. Its flaws exist only under a
     * weaker memory model than sequential consistency (store buffers, JIT reordering), so a model
     * checker that explores the interleavings of a sequentially consistent execution, as Lincheck
     * does, cannot see them; only the suites that run real threads on real hardware can.
     */
    public static final LockType PLAIN_UNLOCK = new LockType("PLAIN_UNLOCK",
            "NEGATIVE CONTROL: unlock frees the lock word with a plain write (no release, no store-load order)",
            true, PlainUnlockLock::new);

    /**
     * NEGATIVE CONTROL for the virtual-thread harness only: the seed design's queue head spins
     * without bound. On platform threads that is a correct (if wasteful) lock, so it is not in
     * {@link #all()}; with more virtual threads than carriers, the spinner occupies the carrier its
     * holder needs, and the program hangs.
     */
    public static final LockType UNBOUNDED_HEAD_SPIN = new LockType("UNBOUNDED_HEAD_SPIN",
            "NEGATIVE CONTROL: the queue head spins on the lock word without bound, never parks",
            true, UnboundedHeadSpinLock::new);

    /**
     * NEGATIVE CONTROL for the suites that interrupt queued waiters ({@code QueuedInterruptsTest},
     * the virtual-thread harness's interrupt phase): a waiter interrupted as it is made the head of
     * the queue forgets the interrupt and waits on. Not in {@link #all()}: the suites that only
     * pair two actors, or never interrupt a waiter whose holder keeps the lock, cannot see it.
     */
    public static final LockType SWALLOWED_INTERRUPT = new LockType("SWALLOWED_INTERRUPT",
            "NEGATIVE CONTROL: an interrupt consumed while queued is forgotten once the waiter becomes the head",
            true, SwallowedInterruptLock::new);

    /**
     * NEGATIVE CONTROL for the suites that nest holds across a condition wait (the virtual-thread
     * harness's condition phase): {@code await} gives back one hold instead of the count the waiter
     * held. Not in {@link #all()}: only a suite that locks twice before it awaits can see it.
     */
    public static final LockType ONE_HOLD_AFTER_AWAIT = new LockType("ONE_HOLD_AFTER_AWAIT",
            "NEGATIVE CONTROL: a condition wait gives back one hold, not the count the waiter held",
            true, OneHoldAfterAwaitLock::new);

    /**
     * NEGATIVE CONTROL for the suites that interrupt a condition wait as it is signalled (the
     * virtual-thread harness's signal races): a wait signalled and then interrupted before it
     * returns throws {@link InterruptedException} and does not pass the signal on. Not in
     * {@link #all()}: the suites without conditions cannot see it.
     */
    public static final LockType SIGNAL_LOST_TO_AN_INTERRUPT = new LockType("SIGNAL_LOST_TO_AN_INTERRUPT",
            "NEGATIVE CONTROL: a condition wait signalled and interrupted at once throws and keeps the signal",
            true, SignalLostToAnInterruptLock::new);

    /**
     * NEGATIVE CONTROL for the suites that interrupt a thread before it asks for the lock (the
     * virtual-thread harness): {@code lockInterruptibly()} takes a free lock though the caller is
     * interrupted. Not in {@link #all()}: the suites that interrupt only waiting threads cannot see it.
     */
    public static final LockType INTERRUPT_IGNORED_ON_ENTRY = new LockType("INTERRUPT_IGNORED_ON_ENTRY",
            "NEGATIVE CONTROL: lockInterruptibly() takes a free lock though the caller was interrupted before the call",
            true, InterruptIgnoredOnEntryLock::new);

    /** Every negative control that breaks the Lock contract on any kind of thread. */
    public static List<LockType> all() {
        return List.of(
                new LockType("NO_EXCLUSION", "NEGATIVE CONTROL: every acquisition succeeds at once",
                        true, NoExclusionLock::new),
                new LockType("LOST_WAKEUP", "NEGATIVE CONTROL: a waiter publishes itself after its last look at the lock word",
                        true, LostWakeupLock::new),
                new LockType("FOREIGN_UNLOCK", "NEGATIVE CONTROL: unlock by a thread that does not hold the lock releases it",
                        true, ForeignUnlockLock::new),
                new LockType("CHECK_THEN_SET", "NEGATIVE CONTROL: the lock word is taken by a read and a write, not a compare-and-set",
                        true, CheckThenSetLock::new),
                PLAIN_UNLOCK);
    }

    /** Every negative control: those of {@link #all()} and those that only some suites can catch. */
    public static List<LockType> everyControl() {
        List<LockType> controls = new ArrayList<>(all());
        controls.add(UNBOUNDED_HEAD_SPIN);
        controls.add(SWALLOWED_INTERRUPT);
        controls.add(ONE_HOLD_AFTER_AWAIT);
        controls.add(SIGNAL_LOST_TO_AN_INTERRUPT);
        controls.add(INTERRUPT_IGNORED_ON_ENTRY);
        return controls;
    }

    /** The negative controls whose flaws show in some interleaving of a sequentially consistent execution. */
    public static List<LockType> underSequentialConsistency() {
        return all().stream().filter(type -> type != PLAIN_UNLOCK).toList();
    }
}

package org.numaloom.perf.bench;

import java.util.ArrayList;
import java.util.List;

import org.numaloom.locks.registry.LockRegistry;

/**
 * A way to run a critical section under mutual exclusion, known by name: every lock of the
 * {@link LockRegistry}, and a {@code synchronized} block under the name {@value #SYNCHRONIZED}.
 *
 * <p>The benchmarks, the runner and the reports take exclusions by name and never ask which kind
 * they have, so {@code synchronized} stands beside the locks with no special case elsewhere. It is
 * the bar to beat: since JDK 24 (JEP 491) a virtual thread that blocks on a monitor no longer pins
 * its carrier, so a lock for virtual threads has to be faster than the monitor it replaces.
 *
 * <p>Each call of {@link #named} makes a new lock or monitor, so benchmark trials never share one.
 */
public interface Exclusion {
    /** The name of the {@code synchronized}-block exclusion; no registered lock may take it. */
    String SYNCHRONIZED = "SYNCHRONIZED";
    /** {@code ReentrantLock(false)}, the JDK's default lock. */
    String UNFAIR_REENTRANT = "UNFAIR_REENTRANT";
    /** {@code ReentrantLock(true)}, the JDK's FIFO lock. */
    String FAIR_REENTRANT = "FAIR_REENTRANT";

    /**
     * What every lock is measured against, in the same run: the JDK's two {@code ReentrantLock}s and
     * the monitor. Ratios are taken to {@value #UNFAIR_REENTRANT} and {@value #SYNCHRONIZED}.
     */
    List<String> BASELINES = List.of(UNFAIR_REENTRANT, FAIR_REENTRANT, SYNCHRONIZED);

    /**
     * The baselines that every ratio is taken to, so that no bench may leave them out. A config may
     * skip {@value #FAIR_REENTRANT}, the FIFO reference, whose turns at a parked thread make it the
     * slowest cell of a many-thread run.
     */
    List<String> RATIO_BASELINES = List.of(UNFAIR_REENTRANT, SYNCHRONIZED);

    /** Runs {@code criticalSection} while holding this exclusion, releasing it however the section ends. */
    void run(Runnable criticalSection);

    /** The canonical (upper-case) name, as listed by {@link #names()}. */
    String name();

    /**
     * A new exclusion of that name (case does not matter): the registry's lock, or the monitor.
     *
     * @throws IllegalArgumentException for an unknown name: the registry's error
     *                                  ({@link LockRegistry#unknownLock}), listing {@link #names()}
     */
    static Exclusion named(String name) {
        if (name != null && name.strip().equalsIgnoreCase(SYNCHRONIZED)) {
            requireSynchronizedUnclaimed();
            return new MonitorExclusion();
        }
        return LockRegistry.find(name).<Exclusion>map(LockExclusion::new)
                .orElseThrow(() -> LockRegistry.unknownLock(name, names()));
    }

    /** The names {@link #named} accepts: {@value #SYNCHRONIZED}, then the registered locks. */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        names.add(SYNCHRONIZED);
        names.addAll(LockRegistry.names());
        return List.copyOf(names);
    }

    /** A benchmark must never measure a different lock than the one a user named. */
    private static void requireSynchronizedUnclaimed() {
        if (LockRegistry.names().contains(SYNCHRONIZED)) {
            throw new IllegalStateException("a LockProvider registers a lock named " + SYNCHRONIZED
                    + ", which the benchmarks reserve for the synchronized block; rename that lock");
        }
    }
}

package org.numaloom.linearizability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.numaloom.locks.LockCases;
import org.numaloom.locks.McsLock;
import org.numaloom.locks.NumaMcsLock;
import org.numaloom.locks.registry.LockRegistry;
import org.numaloom.locks.registry.LockType;

/**
 * The locks the suite checks: every registered lock and NUMA_MCS over spread nodes
 * ({@link LockCases}), plus the kit's queue locks without spinning.
 *
 * <p>Why spin-free variants. The registered locks spin before they park (NUMA_MCS and CNA for up
 * to {@code numaloom.leaderSpinNanos}, 20 µs; MCS for up to {@code numaloom.maxSpinNanos}, 2 µs).
 * Lincheck explores those spin loops without trouble (about as fast as the spin-free locks), so
 * they are checked as they ship. But in most explored interleavings a spinning waiter sees the
 * lock change hands before its spin budget runs out, and the parking code (the parked mark, the
 * re-check of the word, the wake-ups, a direct hand-off to a parked leader) is reached in few of
 * them. With {@code maxSpinNanos = 0} every wait goes straight to that code. NUMA_MCS_NO_SPIN
 * keeps all threads on one node, so that they queue behind a leader; the spread variant of
 * {@link LockCases} puts them on different nodes, so that leaders compete and hand off.
 *
 * <p>{@code -Dnumaloom.lincheck.locks=NAME,NAME} checks only the named locks.
 */
public final class CheckedLocks {
    static final String LOCKS_PROPERTY = "numaloom.lincheck.locks";

    private CheckedLocks() {
    }

    /**
     * {@code ./numaloom lincheck} checks its {@code --lock} list here before the suite runs, so that
     * an unknown name is a usage error (exit status 2, the message of {@link #named(String)}) rather
     * than a failed test run.
     *
     * <p>Usage: {@code CheckedLocks [NAME,NAME...]}.
     */
    public static void main(String[] args) {
        try {
            named(args.length == 0 ? null : args[0]);
        } catch (IllegalArgumentException | IllegalStateException e) { // a name; the registry's providers
            System.err.println("lincheck: " + e.getMessage());
            System.exit(2);
        }
    }

    public static List<LockType> all() {
        List<LockType> locks = new ArrayList<>(LockRegistry.all());
        locks.addAll(variants());
        return locks;
    }

    /** The locks checked besides the registered ones. */
    private static List<LockType> variants() {
        List<LockType> variants = new ArrayList<>(LockCases.all());
        variants.removeIf(type -> LockRegistry.names().contains(type.name()));
        variants.add(new LockType("MCS_NO_SPIN", "MCS that parks at once", true, () -> new McsLock(0)));
        variants.add(new LockType("NUMA_MCS_NO_SPIN",
                "NUMA_MCS on one node that parks at once and hands off every 2 acquisitions",
                true, () -> new NumaMcsLock(LockCases.spreadOver(1), 0, 2)));
        return variants;
    }

    /** The locks {@code -Dnumaloom.lincheck.locks} names, or all of them. */
    public static Stream<LockType> selected() {
        return named(System.getProperty(LOCKS_PROPERTY)).stream();
    }

    /**
     * The locks of a comma-separated list of names (case does not matter); all of them if the list
     * is unset or blank. Each name is looked up by {@link LockRegistry#named(String, List)}, among
     * the registered locks and this suite's variants.
     *
     * @throws IllegalArgumentException for an unknown name, listing the registered locks and the
     *                                  variants only this suite knows
     */
    static List<LockType> named(String names) {
        if (names == null || names.isBlank()) {
            return all();
        }
        List<LockType> variants = variants();
        return Arrays.stream(names.split(",")).map(String::trim).filter(name -> !name.isEmpty())
                .map(name -> LockRegistry.named(name, variants)).toList();
    }
}

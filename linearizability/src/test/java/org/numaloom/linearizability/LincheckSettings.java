package org.numaloom.linearizability;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * The size of every Lincheck run of the suite, in one place.
 *
 * <p>A scenario is 3 threads of 2 operations each, run in parallel between one operation before and
 * one after: three threads so that a lock has a holder and a queue of two behind it (an MCS
 * hand-over that skips, a NUMA node with a leader and a follower); the operation after shows whether
 * the parallel part left the lock usable. Larger scenarios multiply the interleavings to explore
 * faster than they add new lock states.
 *
 * <p>Budget, measured on 2 cores: model checking takes 25–45 s per lock with these defaults (265 s
 * for the 8 locks checked, with other builds running beside), stress testing about 6 s per lock.
 * {@code -Dnumaloom.lincheck.invocations=N} replaces the invocations per scenario of both modes,
 * to search deeper (or to try the suite quickly).
 */
final class LincheckSettings {
    static final int THREADS = 3;
    static final int OPERATIONS_PER_THREAD = 2;
    static final int OPERATIONS_BEFORE = 1;
    static final int OPERATIONS_AFTER = 1;

    /** Random scenarios, and interleavings explored in each (fewer if Lincheck exhausts them). */
    static final int MODEL_CHECKING_SCENARIOS = 10;
    static final int MODEL_CHECKING_INVOCATIONS = 1_000;

    /** Random scenarios, and runs of each on real threads. */
    static final int STRESS_SCENARIOS = 10;
    static final int STRESS_INVOCATIONS = 5_000;

    static final String INVOCATIONS_PROPERTY = "numaloom.lincheck.invocations";

    private LincheckSettings() {
    }

    static ModelCheckingOptions modelChecking() {
        return shaped(new ModelCheckingOptions(), MODEL_CHECKING_SCENARIOS, modelCheckingInvocations());
    }

    /** The interleavings model checking explores per scenario: {@value #INVOCATIONS_PROPERTY}, or the default. */
    static int modelCheckingInvocations() {
        return invocations(System.getProperty(INVOCATIONS_PROPERTY), MODEL_CHECKING_INVOCATIONS);
    }

    static StressOptions stress() {
        return shaped(new StressOptions(), STRESS_SCENARIOS,
                invocations(System.getProperty(INVOCATIONS_PROPERTY), STRESS_INVOCATIONS));
    }

    /** The invocations a property value asks for, or the default when it is unset or blank. */
    static int invocations(String property, int defaultInvocations) {
        if (property == null || property.isBlank()) {
            return defaultInvocations;
        }
        try {
            int invocations = Integer.parseInt(property.trim());
            if (invocations > 0) {
                return invocations;
            }
        } catch (NumberFormatException e) {
            // reported below, with the property's name
        }
        throw new IllegalArgumentException(INVOCATIONS_PROPERTY + " must be a positive integer, got '" + property + "'");
    }

    private static <O extends Options<O, ?>> O shaped(O options, int scenarios, int invocations) {
        return options
                .iterations(scenarios)
                .invocationsPerIteration(invocations)
                .threads(THREADS)
                .actorsPerThread(OPERATIONS_PER_THREAD)
                .actorsBefore(OPERATIONS_BEFORE)
                .actorsAfter(OPERATIONS_AFTER)
                .sequentialSpecification(CounterAndMapSpecification.class);
    }
}

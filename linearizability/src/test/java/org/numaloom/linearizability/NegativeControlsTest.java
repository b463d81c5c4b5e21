package org.numaloom.linearizability;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.locks.BrokenLocks;
import org.numaloom.locks.registry.LockType;

/**
 * The model checking of {@link LockLinearizabilityTest} catches every negative control of
 * {@link BrokenLocks} whose flaw shows under sequential consistency (Lincheck explores
 * interleavings, not memory reorderings: {@code PLAIN_UNLOCK} is for the stress suites), with Lincheck's own verdict and counterexample; a suite that passed them
 * would prove nothing about the real locks. The counterexample is printed, so that the surefire
 * report shows what a failure looks like.
 *
 * <p>Only {@link LincheckAssertionError} counts (as the cause of the error that names the lock): a
 * setup that breaks in some other way (the agent fails to attach, the test object cannot be built)
 * must not pass for a caught lock.
 */
class NegativeControlsTest {
    static Stream<Arguments> brokenLocksAndVerdicts() {
        return BrokenLocks.underSequentialConsistency().stream().map(type -> Arguments.of(type, expectedVerdict(type)));
    }

    /** Lincheck's headline for the flaw each control has. */
    private static String expectedVerdict(LockType type) {
        return switch (type.name()) {
            // Two threads in the critical section give results no sequential order explains; so
            // does an unlock by a non-holder that returns instead of throwing.
            case "NO_EXCLUSION", "FOREIGN_UNLOCK", "CHECK_THEN_SET" -> "= Invalid execution results =";
            // The waiter that missed its grant waits for ever; under model checking its parks
            // return spuriously, so Lincheck sees a thread looping without progress.
            case "LOST_WAKEUP" -> "= The execution has hung =";
            default -> throw new IllegalStateException("negative control " + type
                    + " has no expected Lincheck verdict; add one here");
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenLocksAndVerdicts")
    void modelCheckingCatchesTheBrokenLock(LockType type, String verdict) {
        AssertionError caught = assertThrows(AssertionError.class, () -> LockUnderTest.modelCheck(type),
                "model checking passed the negative control " + type + ": " + type.description() + ", at "
                        + LincheckSettings.modelCheckingInvocations() + " invocations per scenario (the default is "
                        + LincheckSettings.MODEL_CHECKING_INVOCATIONS + "; fewer may miss it)");
        System.out.println("Lincheck's counterexample for the negative control " + caught.getMessage());
        assertInstanceOf(LincheckAssertionError.class, caught.getCause(), "not Lincheck's verdict: " + caught);
        assertTrue(caught.getMessage().startsWith(type + ":") && caught.getMessage().contains(verdict),
                "expected the lock's name, then Lincheck's verdict '" + verdict + "', got: " + caught.getMessage());
    }
}

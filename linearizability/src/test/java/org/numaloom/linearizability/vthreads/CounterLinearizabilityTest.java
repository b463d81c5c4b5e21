package org.numaloom.linearizability.vthreads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.numaloom.linearizability.vthreads.CounterOp.increment;
import static org.numaloom.linearizability.vthreads.CounterOp.read;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The checker against histories whose verdict is known by hand. */
class CounterLinearizabilityTest {
    private static Optional<String> check(CounterOp... history) {
        return CounterLinearizability.violation(List.of(history));
    }

    private static void assertViolation(String expectedPart, CounterOp... history) {
        Optional<String> violation = check(history);
        assertTrue(violation.isPresent(), "accepted a non-linearizable history");
        assertTrue(violation.get().contains(expectedPart), violation.get());
    }

    @Test
    void acceptsASequentialHistory() {
        assertEquals(Optional.empty(), check(read(0, 1, 0), increment(2, 3, 1), read(4, 5, 1), increment(6, 7, 2)));
    }

    @Test
    void acceptsOverlappingOperationsInEitherOrder() {
        // Both increments overlap, so either may be first; the read overlaps both.
        assertEquals(Optional.empty(), check(increment(0, 10, 2), increment(1, 9, 1), read(2, 8, 1), read(3, 11, 2)));
    }

    @Test
    void acceptsTheEmptyHistory() {
        assertEquals(Optional.empty(), check());
    }

    @Test
    void rejectsALostUpdate() {
        assertViolation("two increments returned 1", increment(0, 5, 1), increment(1, 6, 1));
    }

    @Test
    void rejectsAMissingValue() {
        assertViolation("no increment returned 2", increment(0, 1, 1), increment(2, 3, 3));
    }

    @Test
    void rejectsIncrementsThatContradictRealTime() {
        // The increment that returned 2 finished before the one that returned 1 started.
        assertViolation("incrementAndGet()=1", increment(0, 1, 2), increment(5, 6, 1));
    }

    @Test
    void rejectsAStaleRead() {
        // The increment finished before the read started, yet the read saw 0.
        assertViolation("get()=0", increment(0, 1, 1), read(5, 6, 0));
    }

    @Test
    void rejectsAReadOfTheFuture() {
        // The read finished before the increment started, yet saw its effect.
        assertViolation("incrementAndGet()=1", read(0, 1, 1), increment(5, 6, 1));
    }

    @Test
    void rejectsAReadBeyondEveryIncrement() {
        assertViolation("no sequence of 1 increments reaches", increment(0, 1, 1), read(2, 3, 2));
    }

    @Test
    void rejectsReadsThatGoBackwards() {
        // Two sequential reads: 1 then 0, with one increment overlapping both.
        assertViolation("get()=0", increment(0, 10, 1), read(1, 2, 1), read(3, 4, 0));
    }
}

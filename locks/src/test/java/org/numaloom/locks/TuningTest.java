package org.numaloom.locks;

import java.util.Map;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The tuning properties: a value in range is taken, none gives the default, anything else is refused by name. */
class TuningTest {
    @Test
    void anAbsentPropertyGivesTheDefault() {
        assertEquals(20_000L, Tuning.nanos(properties(Map.of()), "numaloom.leaderSpinNanos", 20_000L));
        assertEquals(64, Tuning.count(properties(Map.of()), "numaloom.handOffBound", 1, 64));
    }

    @Test
    void aValueInRangeIsTaken() {
        UnaryOperator<String> set = properties(Map.of("numaloom.leaderSpinNanos", "0", "numaloom.handOffBound", " 1 "));
        assertEquals(0L, Tuning.nanos(set, "numaloom.leaderSpinNanos", 20_000L));
        assertEquals(1, Tuning.count(set, "numaloom.handOffBound", 1, 64));
    }

    @Test
    void aValueThatIsNotAWholeNumberIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Tuning.count(properties(Map.of("numaloom.handOffBound", "1k")), "numaloom.handOffBound", 1, 64));
        assertEquals("-Dnumaloom.handOffBound=1k is not a whole number, 1 or more; give such a value,"
                + " or leave the property out for the default, 64", e.getMessage());
    }

    @Test
    void aValueBelowTheLeastIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> Tuning.nanos(properties(Map.of("numaloom.leaderSpinNanos", "-1")), "numaloom.leaderSpinNanos", 20_000L));
        assertThrows(IllegalArgumentException.class,
                () -> Tuning.count(properties(Map.of("numaloom.handOffBound", "0")), "numaloom.handOffBound", 1, 64));
        assertEquals(0, Tuning.count(properties(Map.of("numaloom.cohortPassBound", "0")), "numaloom.cohortPassBound", 0, 64));
    }

    @Test
    void aCountBeyondAnIntIsRefusedRatherThanWrapped() {
        assertThrows(IllegalArgumentException.class,
                () -> Tuning.count(properties(Map.of("numaloom.handOffBound", "4294967297")), "numaloom.handOffBound", 1, 64));
    }

    private static UnaryOperator<String> properties(Map<String, String> values) {
        return values::get;
    }
}

package org.numaloom.perf.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpreadTest {
    private static final double EPSILON = 1e-9;

    @Test
    void oddCountHasTheMiddleValueAsMedian() {
        Spread spread = Spread.of(9, 1, 5);
        assertEquals(1, spread.min(), EPSILON);
        assertEquals(5, spread.median(), EPSILON);
        assertEquals(9, spread.max(), EPSILON);
    }

    @Test
    void evenCountAveragesTheTwoMiddleValues() {
        assertEquals(2.5, Spread.of(4, 1, 3, 2).median(), EPSILON);
    }

    @Test
    void coefficientOfVariationUsesTheSampleStandardDeviation() {
        // mean 5, squared deviations 9 + 1 + 1 + 9 = 20, sample variance 20 / 3
        assertEquals(100 * Math.sqrt(20.0 / 3) / 5, Spread.of(2, 4, 6, 8).cvPercent(), EPSILON);
        assertEquals(0, Spread.of(7, 7, 7).cvPercent(), EPSILON);
    }

    @Test
    void oneValueHasNoVariation() {
        Spread spread = Spread.of(3);
        assertEquals(3, spread.median(), EPSILON);
        assertTrue(Double.isNaN(spread.cvPercent()));
    }

    @Test
    void noValuesHaveNoSpread() {
        assertTrue(Double.isNaN(Spread.of().median()));
    }

    @Test
    void theValuesAreNotReordered() {
        double[] values = {3, 1, 2};
        Spread.of(values);
        assertEquals(3, values[0], EPSILON);
    }
}

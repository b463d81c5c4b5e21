package org.numaloom.perf.report;

import org.junit.jupiter.api.Test;
import org.numaloom.perf.config.Work;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IdealTest {
    private static final double EPSILON = 1e-6;
    /** 2 ns per token, 500 ns per yield. */
    private static final Ideal.UnitCosts COSTS = new Ideal.UnitCosts(2, 500);

    @Test
    void highContentionIsBoundByTheCriticalSectionAndItsYield() {
        Work.ConsumeCpu high = new Work.ConsumeCpu(64_000, 0, 1_000, 1, true);
        // inside: 1000 * 2 + 500 = 2500 ns -> 400,000/s; carriers: 2 * 1e9 / (2500 + 500) = 666,667/s
        assertEquals(400_000, Ideal.consumeCpu(high, COSTS, 64, 2), EPSILON);
    }

    @Test
    void withoutTheYieldInsideOnlyTheTokensCount() {
        Work.ConsumeCpu noYield = new Work.ConsumeCpu(64_000, 0, 1_000, 0, false);
        assertEquals(500_000, Ideal.consumeCpu(noYield, COSTS, 64, 4), EPSILON);
    }

    @Test
    void lowContentionIsBoundByTheCarriers() {
        Work.ConsumeCpu low = new Work.ConsumeCpu(64_000, 128_000, 1_000, 2, true);
        // per item: 128,000 * 2 + 2 * 500 outside, 2,500 inside = 259,500 ns; 2 carriers
        assertEquals(2 * 1e9 / 259_500, Ideal.consumeCpu(low, COSTS, 64, 2), EPSILON);
    }

    @Test
    void fewerThreadsThanCarriersUseOnlyThatMany() {
        Work.ConsumeCpu low = new Work.ConsumeCpu(64_000, 128_000, 1_000, 2, true);
        assertEquals(1e9 / 259_500, Ideal.consumeCpu(low, COSTS, 1, 8), EPSILON);
    }

    @Test
    void textScalesTheSequentialCountUpToTheCarriers() {
        assertEquals(100_000, Ideal.text(100_000, 1, 2), EPSILON);
        assertEquals(200_000, Ideal.text(100_000, 16, 2), EPSILON);
        assertEquals(300_000, Ideal.text(100_000, 3, 8), EPSILON);
    }
}

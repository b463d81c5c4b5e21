package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.locks.registry.LockType;

/**
 * Every lock finishes the {@link CarrierStarvationScenario} with exact counts on one and on two
 * carriers; the seed's unbounded head spin, the negative control, hangs on one carrier.
 */
class CarrierStarvationTest {
    /** The scenario takes about a second per lock here; a lock that needs a minute has a liveness problem. */
    private static final long FINISH_SECONDS = 60;
    /** How long the negative control must stay stuck to count as hung (the real locks need ~1 s). */
    private static final long HANG_SECONDS = 15;

    static Stream<Arguments> locksAndParallelism() {
        return LockCases.stream().flatMap(type -> Stream.of(Arguments.of(type, 1), Arguments.of(type, 2)));
    }

    @ParameterizedTest(name = "{0} on {1} carrier(s)")
    @MethodSource("locksAndParallelism")
    @Timeout(FINISH_SECONDS + 30)
    void everyLockFinishesWithExactCounts(LockType type, int carriers) throws Exception {
        ChildJvm.Result result = ChildJvm.run(CarrierStarvationScenario.class, carriers, FINISH_SECONDS, type.name());
        assertFalse(result.hung(), type + " hung on " + carriers + " carrier(s) (killed after "
                + FINISH_SECONDS + " s); output:\n" + result.output());
        assertEquals(0, result.exitCode(), type + " finished with wrong counts:\n" + result.output());
        assertTrue(result.output().startsWith("EXACT"), result.output());
    }

    @Test
    @Timeout(HANG_SECONDS + 30)
    void theUnboundedHeadSpinOfTheSeedHangsOnOneCarrier() throws Exception {
        ChildJvm.Result result = ChildJvm.run(CarrierStarvationScenario.class, 1, HANG_SECONDS, "UNBOUNDED_HEAD_SPIN");
        assertTrue(result.hung(), "the negative control finished, so the scenario cannot catch an unbounded spin: "
                + result.output());
    }
}

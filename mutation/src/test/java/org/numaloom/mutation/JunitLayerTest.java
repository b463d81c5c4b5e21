package org.numaloom.mutation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.TestAbortedException;

class JunitLayerTest {
    @Test
    void aTestAbortedByItsAssumptionDoesNotFailTheLayer() {
        // The contract suite's reentrancy tests abort for a lock that does not claim reentrancy:
        // counted as failures, they made the layer fail every such lock's original classes.
        TestExecutionResult aborted = TestExecutionResult.aborted(new TestAbortedException("does not claim reentrancy"));
        assertFalse(JunitLayer.failed(aborted));
        // Nor does it count as run: a layer whose every test aborted ran none, which is no pass.
        assertFalse(JunitLayer.ran(aborted));
    }

    @Test
    void aFailedTestFailsTheLayerAndAPassedOneDoesNot() {
        assertTrue(JunitLayer.failed(TestExecutionResult.failed(new AssertionError("two threads inside"))));
        assertFalse(JunitLayer.failed(TestExecutionResult.successful()));
        assertTrue(JunitLayer.ran(TestExecutionResult.failed(new AssertionError("two threads inside"))));
        assertTrue(JunitLayer.ran(TestExecutionResult.successful()));
    }
}

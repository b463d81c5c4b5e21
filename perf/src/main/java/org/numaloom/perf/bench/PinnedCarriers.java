package org.numaloom.perf.bench;

import org.numaloom.perf.placement.CarrierPinning;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A state every benchmark takes, so that its fork's carriers are placed as the runner planned before
 * the first invocation, and checked again after the last (see {@link CarrierPinning}). In a fork
 * started without placement flags, or in a unit test, it does nothing.
 */
@State(Scope.Benchmark)
public class PinnedCarriers {

    @Setup(Level.Trial)
    public void pin() {
        CarrierPinning.pinOnce();
    }

    @TearDown(Level.Trial)
    public void checkStillPinned() {
        CarrierPinning.checkStillPinned();
    }
}

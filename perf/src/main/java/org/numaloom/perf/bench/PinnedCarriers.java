package org.numaloom.perf.bench;

import java.util.LinkedHashMap;
import java.util.Map;

import org.numaloom.perf.placement.CarrierPinning;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A state every benchmark takes, so that its fork's carriers are placed as the runner planned before
 * the first invocation, and checked again after the last (see {@link CarrierPinning}); the checks
 * name the fork's run, so that the report can say which figure a carrier that did not hold concerns.
 * In a fork started without placement flags, or in a unit test, it does nothing.
 */
@State(Scope.Benchmark)
public class PinnedCarriers {

    @Setup(Level.Trial)
    public void pin(BenchmarkParams params) {
        CarrierPinning.pinOnce(runOf(params));
    }

    @TearDown(Level.Trial)
    public void checkStillPinned(BenchmarkParams params) {
        CarrierPinning.checkStillPinned(runOf(params));
    }

    private static String runOf(BenchmarkParams params) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : params.getParamsKeys()) {
            values.put(key, params.getParam(key));
        }
        return CarrierPinning.runLabel(params.getBenchmark(), values);
    }
}

package org.numaloom.perf.bench;

import java.util.List;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * An invocation's {@link Handoffs}, reported by JMH beside the time as two secondary results named
 * after the fields ({@link Handoffs#ACQUISITIONS_RESULT}, {@link Handoffs#REMOTE_HANDOFFS_RESULT}:
 * JMH allows no other public fields here, so the names live there). The runner divides the second by the first: both are aggregated alike over
 * iterations and forks, so the quotient is remote hand-offs over acquisitions of the whole run. With
 * nothing recorded both are 0, and the run has no fraction.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class HandoffCounts {
    public long acquisitions;
    public long remoteHandoffs;

    /**
     * Sets the counts to those of an invocation's exclusions, and clears theirs for the next one.
     * Call it after the workers have been joined, which orders their plain writes before these reads.
     */
    void takeFrom(List<Handoffs> recorders) {
        acquisitions = 0;
        remoteHandoffs = 0;
        for (Handoffs recorder : recorders) {
            acquisitions += recorder.acquisitions();
            remoteHandoffs += recorder.remoteHandoffs();
            recorder.clear();
        }
    }
}

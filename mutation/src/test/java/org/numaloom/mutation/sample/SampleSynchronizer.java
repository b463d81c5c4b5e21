package org.numaloom.mutation.sample;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/** The site of a lock built on AbstractQueuedSynchronizer, as a user's lock may be. */
public class SampleSynchronizer extends AbstractQueuedSynchronizer {
    public boolean claim(int expected, int update) {
        return compareAndSetState(expected, update);
    }

    public int state() {
        return getState();
    }
}

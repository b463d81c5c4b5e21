package org.numaloom.mutation;

import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The non-atomic stand-in that {@link Operator#CAS_AS_CHECK_THEN_SET} calls instead of an atomic
 * compare-and-set or get-and-set: a static method added to the mutated class that reads, yields
 * and writes. The {@code Thread.yield()} between the check and the write widens the race window,
 * as the thread being descheduled there would; without it a check-then-set on x86_64 loses a race
 * too rarely for any suite to see in its budget.
 *
 * <p>It covers {@link java.lang.invoke.VarHandle} (whose access methods are signature-polymorphic:
 * the stand-in reads and writes through the same handle, with the call's own coordinates) and the
 * {@code java.util.concurrent.atomic} classes a plugged-in lock may use, and the state of a lock
 * built on {@link java.util.concurrent.locks.AbstractQueuedSynchronizer} (or its {@code long}
 * twin), whose {@code compareAndSetState} becomes {@code getState}, yield, {@code setState}.
 */
final class NonAtomicHelper {
    private static final String HELPER_PREFIX = "numaloom$nonAtomic";
    private static final Set<String> COMPARE_AND_SETS = Set.of("compareAndSet", "weakCompareAndSet",
            "weakCompareAndSetPlain", "weakCompareAndSetVolatile", "weakCompareAndSetAcquire", "weakCompareAndSetRelease");
    private static final Set<String> ATOMICS = Set.of("java/util/concurrent/atomic/AtomicInteger",
            "java/util/concurrent/atomic/AtomicLong", "java/util/concurrent/atomic/AtomicBoolean",
            "java/util/concurrent/atomic/AtomicReference");

    private NonAtomicHelper() {
    }

    /** Whether the call is an atomic update this class can stand in for. */
    static boolean supports(MethodInsnNode call) {
        if (isSynchronizerState(call)) {
            return true;
        }
        boolean handle = call.owner.equals(Operator.VAR_HANDLE);
        if (!handle && !ATOMICS.contains(call.owner)) {
            return false;
        }
        if (!COMPARE_AND_SETS.contains(call.name) && !call.name.equals("getAndSet")) {
            return false;
        }
        Type[] arguments = Type.getArgumentTypes(call.desc);
        if (arguments.length == 0) {
            return false;
        }
        int sort = arguments[arguments.length - 1].getSort();
        return sort != Type.FLOAT && sort != Type.DOUBLE;
    }

    /**
     * A synchronizer's {@code compareAndSetState}: protected, so only a subclass calls it, on itself,
     * and the stand-in (a static method of that class) may call {@code getState} and
     * {@code setState} on the same receiver.
     */
    private static boolean isSynchronizerState(MethodInsnNode call) {
        return call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.name.equals("compareAndSetState")
                && (call.desc.equals("(II)Z") || call.desc.equals("(JJ)Z"));
    }

    /**
     * Adds the stand-in for the call to the class and returns the call to it, which takes the
     * receiver (the handle or the atomic) and the call's own arguments from the stack.
     */
    static MethodInsnNode addTo(ClassNode owner, MethodInsnNode call) {
        boolean handle = call.owner.equals(Operator.VAR_HANDLE);
        Type receiver = Type.getObjectType(call.owner);
        Type[] arguments = Type.getArgumentTypes(call.desc);
        boolean synchronizer = isSynchronizerState(call);
        boolean compareAndSet = synchronizer || COMPARE_AND_SETS.contains(call.name);
        String getter = synchronizer ? "getState" : "get";
        String setter = synchronizer ? "setState" : "set";
        Type value = arguments[arguments.length - 1];
        int coordinates = arguments.length - (compareAndSet ? 2 : 1);
        // What the stand-in's get() reads: for a compare-and-set, the expected value's type, as Object
        // if it is a reference (javac types a null literal in a signature-polymorphic call as Void,
        // expected or new value alike, and a get() typed Void would cast the field's value to Void
        // and throw); for getAndSet, what the call returns.
        Type read = compareAndSet ? asCompared(arguments[coordinates]) : Type.getReturnType(call.desc);
        Type[] helperArguments = new Type[arguments.length + 1];
        helperArguments[0] = receiver;
        System.arraycopy(arguments, 0, helperArguments, 1, arguments.length);
        Type returned = compareAndSet ? Type.BOOLEAN_TYPE : read;
        String name = HELPER_PREFIX + owner.methods.stream().filter(m -> m.name.startsWith(HELPER_PREFIX)).count();
        String descriptor = Type.getMethodDescriptor(returned, helperArguments);

        MethodNode helper = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                name, descriptor, null, null);
        int[] slots = slotsOf(helperArguments);
        Type[] coordinateTypes = java.util.Arrays.copyOfRange(arguments, 0, coordinates);
        // current = get(coordinates)
        loadReceiverAndCoordinates(helper, helperArguments, slots, coordinates);
        helper.instructions.add(handle
                ? new MethodInsnNode(Opcodes.INVOKEVIRTUAL, call.owner, "get", Type.getMethodDescriptor(read, coordinateTypes), false)
                : new MethodInsnNode(Opcodes.INVOKEVIRTUAL, call.owner, getter, Type.getMethodDescriptor(value), false));
        LabelNode differs = new LabelNode();
        if (compareAndSet) {
            load(helper, read, slots[1 + coordinates]);
            branchIfDifferent(helper, read, differs);
        }
        helper.instructions.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Thread", "yield", "()V", false));
        // set(coordinates, newValue)
        loadReceiverAndCoordinates(helper, helperArguments, slots, coordinates);
        load(helper, value, slots[helperArguments.length - 1]);
        Type[] setArguments = java.util.Arrays.copyOf(coordinateTypes, coordinates + 1);
        setArguments[coordinates] = value;
        helper.instructions.add(handle
                ? new MethodInsnNode(Opcodes.INVOKEVIRTUAL, call.owner, "set", Type.getMethodDescriptor(Type.VOID_TYPE, setArguments), false)
                : new MethodInsnNode(Opcodes.INVOKEVIRTUAL, call.owner, setter, Type.getMethodDescriptor(Type.VOID_TYPE, value), false));
        if (compareAndSet) {
            helper.instructions.add(new InsnNode(Opcodes.ICONST_1));
            helper.instructions.add(new InsnNode(Opcodes.IRETURN));
            helper.instructions.add(differs);
            helper.instructions.add(new InsnNode(Opcodes.ICONST_0));
            helper.instructions.add(new InsnNode(Opcodes.IRETURN));
        } else {
            helper.instructions.add(new InsnNode(read.getOpcode(Opcodes.IRETURN))); // the value get() read
        }
        owner.methods.add(helper);
        return new MethodInsnNode(Opcodes.INVOKESTATIC, owner.name, name, descriptor, (owner.access & Opcodes.ACC_INTERFACE) != 0);
    }

    /** A primitive as it is; any reference as Object, which reads every field and compares by identity. */
    private static Type asCompared(Type expected) {
        int sort = expected.getSort();
        return sort == Type.OBJECT || sort == Type.ARRAY ? Type.getType(Object.class) : expected;
    }

    private static int[] slotsOf(Type[] arguments) {
        int[] slots = new int[arguments.length];
        for (int i = 0, slot = 0; i < arguments.length; slot += arguments[i].getSize(), i++) {
            slots[i] = slot;
        }
        return slots;
    }

    private static void loadReceiverAndCoordinates(MethodNode helper, Type[] arguments, int[] slots, int coordinates) {
        for (int i = 0; i <= coordinates; i++) {
            load(helper, arguments[i], slots[i]);
        }
    }

    private static void load(MethodNode helper, Type type, int slot) {
        helper.instructions.add(new VarInsnNode(type.getOpcode(Opcodes.ILOAD), slot));
    }

    private static void branchIfDifferent(MethodNode helper, Type value, LabelNode differs) {
        switch (value.getSort()) {
            case Type.LONG -> {
                helper.instructions.add(new InsnNode(Opcodes.LCMP));
                helper.instructions.add(new JumpInsnNode(Opcodes.IFNE, differs));
            }
            case Type.OBJECT, Type.ARRAY -> helper.instructions.add(new JumpInsnNode(Opcodes.IF_ACMPNE, differs));
            default -> helper.instructions.add(new JumpInsnNode(Opcodes.IF_ICMPNE, differs));
        }
    }
}

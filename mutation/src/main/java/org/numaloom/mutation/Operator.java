package org.numaloom.mutation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The mistakes {@code ./numaloom mutate} makes in a lock's bytecode, one per mutant.
 *
 * <p>Each operator names its counterpart among the concurrency mutation operators for Java of
 * Bradbury, Cordy and Dingel ("Mutation Operators for Concurrent Java (J2SE 5.0)", Mutation 2006),
 * where there is one: RVK (remove volatile keyword), EAN (exchange atomic call with non-atomic),
 * RCXC (remove concurrency mechanism method-X call), MXC (modify concurrency mechanism-X count).
 * The others are the classic relational-operator replacement (ROR, after Offutt) aimed at the
 * bounds a lock counts against, and the removal of an interrupt check, which that catalogue has
 * no operator for.
 *
 * <p>A <em>site</em> is one place where an operator applies: an instruction of a method, or a
 * field for {@link #PLAIN_FIELD}. Sites are numbered per class, method and operator in
 * instruction order, so a mutant's name stays the same as long as its method does.
 */
public enum Operator {
    /** RVK: a {@code volatile} field made plain; its VarHandle accesses keep their own ordering. */
    PLAIN_FIELD("RVK", "a volatile field made plain") {
        @Override
        List<Site> sites(ClassNode owner) {
            List<Site> sites = new ArrayList<>();
            for (FieldNode field : owner.fields) {
                if ((field.access & Opcodes.ACC_VOLATILE) != 0) {
                    sites.add(new Site(field.name, FIELD_SITE, 0, -1));
                }
            }
            return sites;
        }

        @Override
        void apply(ClassNode owner, Site site) {
            owner.fields.stream().filter(field -> field.name.equals(site.member())).findFirst()
                    .orElseThrow().access &= ~Opcodes.ACC_VOLATILE;
        }
    },

    /** RVK for VarHandles: a release, acquire, opaque or volatile access made plain. */
    PLAIN_VARHANDLE_ACCESS("RVK", "an ordered VarHandle access (setRelease, getAcquire, ...) made plain") {
        @Override
        boolean matches(AbstractInsnNode insn) {
            return insn instanceof MethodInsnNode call && call.owner.equals(VAR_HANDLE)
                    && PLAIN_OF_ORDERED.containsKey(call.name);
        }

        @Override
        void mutate(ClassNode owner, MethodNode method, AbstractInsnNode insn) {
            MethodInsnNode call = (MethodInsnNode) insn;
            call.name = PLAIN_OF_ORDERED.get(call.name);
        }
    },

    /** EAN: a compare-and-set or get-and-set done as a read, a yield and a write. */
    CAS_AS_CHECK_THEN_SET("EAN", "an atomic compare-and-set or get-and-set made a non-atomic check-then-set") {
        @Override
        boolean matches(AbstractInsnNode insn) {
            return insn instanceof MethodInsnNode call && NonAtomicHelper.supports(call);
        }

        @Override
        void mutate(ClassNode owner, MethodNode method, AbstractInsnNode insn) {
            MethodInsnNode call = (MethodInsnNode) insn;
            method.instructions.set(call, NonAtomicHelper.addTo(owner, call));
        }
    },

    /** RCXC: a {@code LockSupport.unpark} removed; the thread it would wake stays parked. */
    UNPARK_REMOVED("RCXC", "a LockSupport.unpark(thread) removed") {
        @Override
        boolean matches(AbstractInsnNode insn) {
            return callsLockSupport(insn, "unpark");
        }

        @Override
        void mutate(ClassNode owner, MethodNode method, AbstractInsnNode insn) {
            method.instructions.set(insn, new InsnNode(Opcodes.POP));
        }
    },

    /** RCXC: a {@code LockSupport.park} removed, so the loop around it becomes a busy spin. */
    PARK_AS_SPIN("RCXC", "a LockSupport.park removed: the wait around it becomes a busy spin") {
        @Override
        boolean matches(AbstractInsnNode insn) {
            return callsLockSupport(insn, "park");
        }

        @Override
        void mutate(ClassNode owner, MethodNode method, AbstractInsnNode insn) {
            MethodInsnNode call = (MethodInsnNode) insn;
            InsnList spin = new InsnList();
            Type[] arguments = Type.getArgumentTypes(call.desc);
            for (int i = arguments.length - 1; i >= 0; i--) {
                spin.add(new InsnNode(arguments[i].getSize() == 2 ? Opcodes.POP2 : Opcodes.POP));
            }
            spin.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Thread", "onSpinWait", "()V", false));
            method.instructions.insert(call, spin);
            method.instructions.remove(call);
        }
    },

    /** ROR at a bound (MXC's intent): {@code <} and {@code <=}, {@code >} and {@code >=} swapped. */
    BOUND_OFF_BY_ONE("ROR (MXC)", "an int comparison against a bound moved by one (< and <=, > and >= swapped)") {
        @Override
        boolean matches(AbstractInsnNode insn) {
            return OFF_BY_ONE.containsKey(insn.getOpcode());
        }

        @Override
        void mutate(ClassNode owner, MethodNode method, AbstractInsnNode insn) {
            JumpInsnNode jump = (JumpInsnNode) insn;
            method.instructions.set(jump, new JumpInsnNode(OFF_BY_ONE.get(jump.getOpcode()), jump.label));
        }
    },

    /** No counterpart in the catalogue: a {@code Thread.interrupted()} check that always says no. */
    INTERRUPT_CHECK_REMOVED("-", "a Thread.interrupted() check removed (it always answers false)") {
        @Override
        boolean matches(AbstractInsnNode insn) {
            return insn instanceof MethodInsnNode call && call.owner.equals("java/lang/Thread")
                    && call.name.equals("interrupted") && call.desc.equals("()Z");
        }

        @Override
        void mutate(ClassNode owner, MethodNode method, AbstractInsnNode insn) {
            method.instructions.set(insn, new InsnNode(Opcodes.ICONST_0));
        }
    };

    static final String FIELD_SITE = "<field>";
    static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
    static final String LOCK_SUPPORT = "java/util/concurrent/locks/LockSupport";
    private static final Map<String, String> PLAIN_OF_ORDERED = Map.of(
            "setRelease", "set", "setVolatile", "set", "setOpaque", "set",
            "getAcquire", "get", "getVolatile", "get", "getOpaque", "get");
    private static final Map<Integer, Integer> OFF_BY_ONE = Map.of(
            Opcodes.IF_ICMPLT, Opcodes.IF_ICMPLE, Opcodes.IF_ICMPLE, Opcodes.IF_ICMPLT,
            Opcodes.IF_ICMPGT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT);
    /** Methods a lock's mutants leave alone: they build the lock, they do not run it. */
    private static final Set<String> NOT_MUTATED = Set.of("<clinit>", "toString");

    /** One place an operator applies: a method's n-th matching instruction, or a field. */
    public record Site(String member, String descriptor, int ordinal, int line) {
    }

    private final String bradbury;
    private final String description;

    Operator(String bradbury, String description) {
        this.bradbury = bradbury;
        this.description = description;
    }

    /** The name of the matching operator of Bradbury, Cordy and Dingel (2006), or "-". */
    public String bradbury() {
        return bradbury;
    }

    public String description() {
        return description;
    }

    /** Every site of this operator in the class, in the order of its methods and instructions. */
    List<Site> sites(ClassNode owner) {
        List<Site> sites = new ArrayList<>();
        for (MethodNode method : owner.methods) {
            if (NOT_MUTATED.contains(method.name)) {
                continue;
            }
            int ordinal = 0;
            int line = -1;
            for (AbstractInsnNode insn : method.instructions) {
                if (insn instanceof LineNumberNode number) {
                    line = number.line;
                } else if (matches(insn)) {
                    sites.add(new Site(method.name, method.desc, ordinal++, line));
                }
            }
        }
        return sites;
    }

    /** Makes the mistake at the site, in place. */
    void apply(ClassNode owner, Site site) {
        MethodNode method = owner.methods.stream()
                .filter(m -> m.name.equals(site.member()) && m.desc.equals(site.descriptor())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no method " + site.member() + site.descriptor()));
        int ordinal = 0;
        for (AbstractInsnNode insn : method.instructions.toArray()) {
            if (matches(insn) && ordinal++ == site.ordinal()) {
                mutate(owner, method, insn);
                return;
            }
        }
        throw new IllegalArgumentException("no site " + site + " of " + this + " in " + owner.name);
    }

    boolean matches(AbstractInsnNode insn) {
        return false;
    }

    /** Whether the instruction calls a {@code LockSupport} method whose name starts with {@code name}. */
    private static boolean callsLockSupport(AbstractInsnNode insn, String name) {
        return insn instanceof MethodInsnNode call && call.owner.equals(LOCK_SUPPORT) && call.name.startsWith(name);
    }

    void mutate(ClassNode owner, MethodNode method, AbstractInsnNode insn) {
        throw new UnsupportedOperationException(name());
    }
}

;; Counts the newline bytes (0x0A) of a range of this module's memory with
;; 128-bit SIMD. Built into newline-count-wasm.ts by scripts/build-newline-wasm.mjs;
;; a test checks that the checked-in bytes are this source's.
(module
  ;; 4 pages (256 KiB): the caller copies its bytes in pieces of at most this size.
  (memory (export "memory") 4)

  ;; count(ptr, len): how many bytes in [ptr, ptr + len) equal 10.
  (func (export "count") (param $p i32) (param $len i32) (result i32)
    (local $end i32)
    (local $blockEnd i32)
    (local $n i32)
    (local $nl v128)
    (local $acc v128)
    (local $sum v128)
    (local.set $nl (i8x16.splat (i32.const 10)))
    ;; The vector part: 64 bytes a round. i8x16.eq gives -1 in each matching
    ;; lane, so subtracting it adds 1; a block of 63 rounds adds at most 252
    ;; to a lane before the lanes are widened into $sum, so no lane overflows.
    (local.set $end (i32.add (local.get $p) (i32.and (local.get $len) (i32.const -64))))
    (block $vectorsDone
      (loop $blocks
        (br_if $vectorsDone (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $blockEnd (i32.add (local.get $p) (i32.const 4032)))
        (if (i32.gt_u (local.get $blockEnd) (local.get $end))
          (then (local.set $blockEnd (local.get $end))))
        (local.set $acc (v128.const i64x2 0 0))
        (loop $rounds
          (local.set $acc (i8x16.sub (local.get $acc)
            (i8x16.eq (v128.load offset=0 (local.get $p)) (local.get $nl))))
          (local.set $acc (i8x16.sub (local.get $acc)
            (i8x16.eq (v128.load offset=16 (local.get $p)) (local.get $nl))))
          (local.set $acc (i8x16.sub (local.get $acc)
            (i8x16.eq (v128.load offset=32 (local.get $p)) (local.get $nl))))
          (local.set $acc (i8x16.sub (local.get $acc)
            (i8x16.eq (v128.load offset=48 (local.get $p)) (local.get $nl))))
          (local.set $p (i32.add (local.get $p) (i32.const 64)))
          (br_if $rounds (i32.lt_u (local.get $p) (local.get $blockEnd))))
        (local.set $sum (i32x4.add (local.get $sum)
          (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $acc)))))
        (br $blocks)))
    (local.set $n (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $sum)) (i32x4.extract_lane 1 (local.get $sum)))
      (i32.add (i32x4.extract_lane 2 (local.get $sum)) (i32x4.extract_lane 3 (local.get $sum)))))
    ;; The last (len mod 64) bytes, one at a time.
    (local.set $end (i32.add (local.get $end) (i32.and (local.get $len) (i32.const 63))))
    (block $bytesDone
      (loop $bytes
        (br_if $bytesDone (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $n (i32.add (local.get $n)
          (i32.eq (i32.load8_u (local.get $p)) (i32.const 10))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $bytes)))
    (local.get $n)))

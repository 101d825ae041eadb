; ModuleID = 'itoa.49547532e21c622-cgu.0'
source_filename = "itoa.49547532e21c622-cgu.0"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E = local_unnamed_addr constant [200 x i8] c"00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899", align 2

; <u16 as itoa::Unsigned>::fmt
; Function Attrs: mustprogress nofree norecurse nosync nounwind nonlazybind willreturn memory(argmem: write, inaccessiblemem: write) uwtable
define noundef range(i64 0, 6) i64 @"_ZN38_$LT$u16$u20$as$u20$itoa..Unsigned$GT$3fmt17hf5896f7ba4a9f192E"(i16 noundef %self, ptr noalias noundef writeonly align 1 captures(none) dereferenceable(5) %buf) unnamed_addr #0 personality ptr @rust_eh_personality {
start:
  %_418 = icmp ugt i16 %self, 999
  br i1 %_418, label %bb6.thread, label %bb6

bb6.thread:                                       ; preds = %start
  %quad = urem i16 %self, 10000
  %_13 = zext nneg i16 %quad to i32
  %_65 = mul nuw nsw i32 %_13, 5243
  %pair1 = lshr i32 %_65, 19
  %_67.neg = mul nsw i32 %pair1, -100
  %pair2 = add nsw i32 %_67.neg, %_13
  %_68 = getelementptr inbounds nuw i8, ptr %buf, i64 1
  %0 = shl nuw nsw i32 %pair1, 1
  %_20 = zext nneg i32 %0 to i64
  %_69 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_20
  %1 = shl nuw nsw i32 %pair2, 1
  %_33 = zext nneg i32 %1 to i64
  %_81 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_33
  %_88 = icmp ult i32 %pair2, 100
  tail call void @llvm.assume(i1 %_88)
  %2 = load <2 x i8>, ptr %_69, align 2
  %3 = load <2 x i8>, ptr %_81, align 2
  %4 = shufflevector <2 x i8> %2, <2 x i8> %3, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %4, ptr %_68, align 1
  %5 = udiv i16 %self, 10000
  br label %bb9

bb6:                                              ; preds = %start
  %_41 = icmp samesign ugt i16 %self, 9
  br i1 %_41, label %bb7, label %bb9

bb7:                                              ; preds = %bb6
  %_43 = zext nneg i16 %self to i32
  %_93 = mul nuw nsw i32 %_43, 5243
  %last = lshr i32 %_93, 19
  %_95.neg = mul nsw i32 %last, -100
  %pair = add nsw i32 %_95.neg, %_43
  %6 = trunc nuw nsw i32 %last to i16
  %_96 = getelementptr inbounds nuw i8, ptr %buf, i64 3
  %7 = shl nuw nsw i32 %pair, 1
  %_50 = zext nneg i32 %7 to i64
  %_97 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_50
  %_46 = load i8, ptr %_97, align 2, !noundef !3
  store i8 %_46, ptr %_96, align 1
  %_102 = getelementptr inbounds nuw i8, ptr %buf, i64 4
  %_104 = icmp ult i32 %pair, 100
  tail call void @llvm.assume(i1 %_104)
  %_103 = getelementptr inbounds nuw i8, ptr %_97, i64 1
  %_54 = load i8, ptr %_103, align 1, !noundef !3
  store i8 %_54, ptr %_102, align 1
  br label %bb9

bb9:                                              ; preds = %bb6.thread, %bb6, %bb7
  %remain.sroa.0.1 = phi i16 [ %6, %bb7 ], [ %self, %bb6 ], [ %5, %bb6.thread ]
  %offset.sroa.0.1 = phi i64 [ 3, %bb7 ], [ 5, %bb6 ], [ 1, %bb6.thread ]
  %8 = icmp ne i16 %remain.sroa.0.1, 0
  %9 = icmp eq i16 %self, 0
  %or.cond = or i1 %9, %8
  br i1 %or.cond, label %bb12, label %bb13

bb12:                                             ; preds = %bb9
  %10 = add nsw i64 %offset.sroa.0.1, -1
  %_60 = trunc nuw nsw i16 %remain.sroa.0.1 to i8
  %_108 = getelementptr inbounds nuw i8, ptr %buf, i64 %10
  %_63 = or disjoint i8 %_60, 48
  store i8 %_63, ptr %_108, align 1
  br label %bb13

bb13:                                             ; preds = %bb9, %bb12
  %offset.sroa.0.2 = phi i64 [ %10, %bb12 ], [ %offset.sroa.0.1, %bb9 ]
  ret i64 %offset.sroa.0.2
}

; <u32 as itoa::Unsigned>::fmt
; Function Attrs: nofree norecurse nosync nounwind nonlazybind memory(argmem: write, inaccessiblemem: write) uwtable
define noundef i64 @"_ZN38_$LT$u32$u20$as$u20$itoa..Unsigned$GT$3fmt17h816ccc623f9df4b1E"(i32 noundef %self, ptr noalias noundef writeonly align 1 captures(none) dereferenceable(10) %buf) unnamed_addr #1 personality ptr @rust_eh_personality {
start:
  %_419 = icmp ugt i32 %self, 999
  br i1 %_419, label %bb3, label %bb6

bb6:                                              ; preds = %bb3, %start
  %remain.sroa.0.0.lcssa = phi i32 [ %self, %start ], [ %1, %bb3 ]
  %offset.sroa.0.0.lcssa = phi i64 [ 10, %start ], [ %0, %bb3 ]
  %_40 = icmp samesign ugt i32 %remain.sroa.0.0.lcssa, 9
  br i1 %_40, label %bb7, label %bb9

bb3:                                              ; preds = %start, %bb3
  %offset.sroa.0.021 = phi i64 [ %0, %bb3 ], [ 10, %start ]
  %remain.sroa.0.020 = phi i32 [ %1, %bb3 ], [ %self, %start ]
  %0 = add i64 %offset.sroa.0.021, -4
  %quad = urem i32 %remain.sroa.0.020, 10000
  %1 = udiv i32 %remain.sroa.0.020, 10000
  %_63 = mul nuw nsw i32 %quad, 5243
  %pair1 = lshr i32 %_63, 19
  %_65.neg = mul nsw i32 %pair1, -100
  %pair2 = add nsw i32 %_65.neg, %quad
  %_66 = getelementptr inbounds nuw i8, ptr %buf, i64 %0
  %2 = shl nuw nsw i32 %pair1, 1
  %_19 = zext nneg i32 %2 to i64
  %_67 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_19
  %3 = shl nuw nsw i32 %pair2, 1
  %_32 = zext nneg i32 %3 to i64
  %_79 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_32
  %_86 = icmp ult i32 %pair2, 100
  tail call void @llvm.assume(i1 %_86)
  %4 = load <2 x i8>, ptr %_67, align 2
  %5 = load <2 x i8>, ptr %_79, align 2
  %6 = shufflevector <2 x i8> %4, <2 x i8> %5, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %6, ptr %_66, align 1
  %_4 = icmp ugt i32 %remain.sroa.0.020, 9999999
  br i1 %_4, label %bb3, label %bb6

bb7:                                              ; preds = %bb6
  %7 = add i64 %offset.sroa.0.0.lcssa, -2
  %_91 = mul nuw nsw i32 %remain.sroa.0.0.lcssa, 5243
  %last = lshr i32 %_91, 19
  %_93.neg = mul nsw i32 %last, -100
  %pair = add nsw i32 %_93.neg, %remain.sroa.0.0.lcssa
  %_94 = getelementptr inbounds nuw i8, ptr %buf, i64 %7
  %8 = shl nuw nsw i32 %pair, 1
  %_48 = zext nneg i32 %8 to i64
  %_95 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_48
  %_44 = load i8, ptr %_95, align 2, !noundef !3
  store i8 %_44, ptr %_94, align 1
  %9 = getelementptr i8, ptr %buf, i64 %offset.sroa.0.0.lcssa
  %_100 = getelementptr i8, ptr %9, i64 -1
  %_102 = icmp ult i32 %pair, 100
  tail call void @llvm.assume(i1 %_102)
  %_101 = getelementptr inbounds nuw i8, ptr %_95, i64 1
  %_52 = load i8, ptr %_101, align 1, !noundef !3
  store i8 %_52, ptr %_100, align 1
  br label %bb9

bb9:                                              ; preds = %bb6, %bb7
  %remain.sroa.0.1 = phi i32 [ %last, %bb7 ], [ %remain.sroa.0.0.lcssa, %bb6 ]
  %offset.sroa.0.1 = phi i64 [ %7, %bb7 ], [ %offset.sroa.0.0.lcssa, %bb6 ]
  %10 = icmp ne i32 %remain.sroa.0.1, 0
  %11 = icmp eq i32 %self, 0
  %or.cond = or i1 %11, %10
  br i1 %or.cond, label %bb12, label %bb13

bb12:                                             ; preds = %bb9
  %12 = add i64 %offset.sroa.0.1, -1
  %_58 = trunc nuw nsw i32 %remain.sroa.0.1 to i8
  %_106 = getelementptr inbounds nuw i8, ptr %buf, i64 %12
  %_61 = or disjoint i8 %_58, 48
  store i8 %_61, ptr %_106, align 1
  br label %bb13

bb13:                                             ; preds = %bb9, %bb12
  %offset.sroa.0.2 = phi i64 [ %12, %bb12 ], [ %offset.sroa.0.1, %bb9 ]
  ret i64 %offset.sroa.0.2
}

; <u64 as itoa::Unsigned>::fmt
; Function Attrs: nofree norecurse nosync nounwind nonlazybind memory(argmem: write, inaccessiblemem: write) uwtable
define noundef i64 @"_ZN38_$LT$u64$u20$as$u20$itoa..Unsigned$GT$3fmt17hd52cb134cc698212E"(i64 noundef %self, ptr noalias noundef writeonly align 1 captures(none) dereferenceable(20) %buf) unnamed_addr #1 personality ptr @rust_eh_personality {
start:
  %_418 = icmp ugt i64 %self, 999
  br i1 %_418, label %bb3, label %bb6

bb6:                                              ; preds = %bb3, %start
  %remain.sroa.0.0.lcssa = phi i64 [ %self, %start ], [ %1, %bb3 ]
  %offset.sroa.0.0.lcssa = phi i64 [ 20, %start ], [ %0, %bb3 ]
  %_41 = icmp samesign ugt i64 %remain.sroa.0.0.lcssa, 9
  br i1 %_41, label %bb7, label %bb9

bb3:                                              ; preds = %start, %bb3
  %offset.sroa.0.020 = phi i64 [ %0, %bb3 ], [ 20, %start ]
  %remain.sroa.0.019 = phi i64 [ %1, %bb3 ], [ %self, %start ]
  %0 = add i64 %offset.sroa.0.020, -4
  %quad = urem i64 %remain.sroa.0.019, 10000
  %1 = udiv i64 %remain.sroa.0.019, 10000
  %_13 = trunc nuw nsw i64 %quad to i32
  %_65 = mul nuw nsw i32 %_13, 5243
  %pair1 = lshr i32 %_65, 19
  %_67.neg = mul nsw i32 %pair1, -100
  %pair2 = add nsw i32 %_67.neg, %_13
  %_68 = getelementptr inbounds nuw i8, ptr %buf, i64 %0
  %2 = shl nuw nsw i32 %pair1, 1
  %_20 = zext nneg i32 %2 to i64
  %_69 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_20
  %3 = shl nuw nsw i32 %pair2, 1
  %_33 = zext nneg i32 %3 to i64
  %_81 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_33
  %_88 = icmp ult i32 %pair2, 100
  tail call void @llvm.assume(i1 %_88)
  %4 = load <2 x i8>, ptr %_69, align 2
  %5 = load <2 x i8>, ptr %_81, align 2
  %6 = shufflevector <2 x i8> %4, <2 x i8> %5, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %6, ptr %_68, align 1
  %_4 = icmp ugt i64 %remain.sroa.0.019, 9999999
  br i1 %_4, label %bb3, label %bb6

bb7:                                              ; preds = %bb6
  %7 = add i64 %offset.sroa.0.0.lcssa, -2
  %_43 = trunc nuw nsw i64 %remain.sroa.0.0.lcssa to i32
  %_93 = mul nuw nsw i32 %_43, 5243
  %last = lshr i32 %_93, 19
  %_95.neg = mul nsw i32 %last, -100
  %pair = add nsw i32 %_95.neg, %_43
  %8 = zext nneg i32 %last to i64
  %_96 = getelementptr inbounds nuw i8, ptr %buf, i64 %7
  %9 = shl nuw nsw i32 %pair, 1
  %_50 = zext nneg i32 %9 to i64
  %_97 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_50
  %_46 = load i8, ptr %_97, align 2, !noundef !3
  store i8 %_46, ptr %_96, align 1
  %10 = getelementptr i8, ptr %buf, i64 %offset.sroa.0.0.lcssa
  %_102 = getelementptr i8, ptr %10, i64 -1
  %_104 = icmp ult i32 %pair, 100
  tail call void @llvm.assume(i1 %_104)
  %_103 = getelementptr inbounds nuw i8, ptr %_97, i64 1
  %_54 = load i8, ptr %_103, align 1, !noundef !3
  store i8 %_54, ptr %_102, align 1
  br label %bb9

bb9:                                              ; preds = %bb6, %bb7
  %remain.sroa.0.1 = phi i64 [ %8, %bb7 ], [ %remain.sroa.0.0.lcssa, %bb6 ]
  %offset.sroa.0.1 = phi i64 [ %7, %bb7 ], [ %offset.sroa.0.0.lcssa, %bb6 ]
  %11 = icmp ne i64 %remain.sroa.0.1, 0
  %12 = icmp eq i64 %self, 0
  %or.cond = or i1 %12, %11
  br i1 %or.cond, label %bb12, label %bb13

bb12:                                             ; preds = %bb9
  %13 = add i64 %offset.sroa.0.1, -1
  %_60 = trunc nuw nsw i64 %remain.sroa.0.1 to i8
  %_108 = getelementptr inbounds nuw i8, ptr %buf, i64 %13
  %_63 = or disjoint i8 %_60, 48
  store i8 %_63, ptr %_108, align 1
  br label %bb13

bb13:                                             ; preds = %bb9, %bb12
  %offset.sroa.0.2 = phi i64 [ %13, %bb12 ], [ %offset.sroa.0.1, %bb9 ]
  ret i64 %offset.sroa.0.2
}

; <u128 as itoa::Unsigned>::fmt
; Function Attrs: nofree norecurse nosync nounwind nonlazybind memory(argmem: write, inaccessiblemem: readwrite) uwtable
define noundef i64 @"_ZN39_$LT$u128$u20$as$u20$itoa..Unsigned$GT$3fmt17hf3e5b44494836ca4E"(i128 noundef %self, ptr noalias noundef writeonly align 1 captures(none) dereferenceable(39) %buf) unnamed_addr #2 {
start:
  %0 = icmp eq i128 %self, 0
  br i1 %0, label %bb1, label %bb2

bb1:                                              ; preds = %start
  %_3 = getelementptr inbounds nuw i8, ptr %buf, i64 38
  store i8 48, ptr %_3, align 1
  br label %bb22

bb2:                                              ; preds = %start
  %_2.i = icmp ult i128 %self, 10000000000000000
  %extract.t1.i = trunc nuw nsw i128 %self to i64
  br i1 %_2.i, label %bb12, label %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit

_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit:  ; preds = %bb2
  %_11.i = lshr i128 %self, 64
  %_14.i = and i128 %self, 18446744073709551615
  %_13.i = mul nuw i128 %_14.i, 15207441643216202349
  %_12.i = lshr i128 %_13.i, 64
  %_16.i = mul nuw nsw i128 %_14.i, 4153837486827862102
  %_15.i = add nuw nsw i128 %_12.i, %_16.i
  %_17.i = lshr i128 %_15.i, 64
  %_21.i = mul nuw i128 %_11.i, 15207441643216202349
  %_23.i = and i128 %_15.i, 18446744073709551615
  %_20.i = add nuw i128 %_23.i, %_21.i
  %_19.i = lshr i128 %_20.i, 64
  %_25.i = mul nuw nsw i128 %_11.i, 4153837486827862102
  %_24.i = add nuw nsw i128 %_17.i, %_25.i
  %_5.i = add nuw nsw i128 %_24.i, %_19.i
  %quot.i = lshr i128 %_5.i, 51
  %_7.neg.i = mul i128 %quot.i, 18436744073709551616
  %rem.i = add i128 %_7.neg.i, %self
  %extract.t.i = trunc i128 %rem.i to i64
  %1 = icmp eq i128 %quot.i, 0
  br i1 %1, label %bb12, label %bb5

bb22:                                             ; preds = %bb19, %bb18, %bb1
  %offset.sroa.0.0 = phi i64 [ 38, %bb1 ], [ %offset.sroa.0.3, %bb18 ], [ %62, %bb19 ]
  ret i64 %offset.sroa.0.0

bb5:                                              ; preds = %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit
  tail call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %quad.i = urem i64 %extract.t.i, 10000
  %2 = udiv i64 %extract.t.i, 10000
  %_7.i = trunc nuw nsw i64 %quad.i to i32
  %_83.i = mul nuw nsw i32 %_7.i, 5243
  %pair14.i = lshr i32 %_83.i, 19
  %_8.i = getelementptr inbounds nuw i8, ptr %buf, i64 35
  %3 = shl nuw nsw i32 %pair14.i, 1
  %_17.i20 = zext nneg i32 %3 to i64
  %_86.i = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_17.i20
  %_85.neg.i = mul nsw i32 %pair14.i, -100
  %pair25.i = add nsw i32 %_85.neg.i, %_7.i
  %4 = shl nuw nsw i32 %pair25.i, 1
  %_32.i = zext nneg i32 %4 to i64
  %_97.i = icmp ult i32 %pair25.i, 100
  tail call void @llvm.assume(i1 %_97.i)
  %_96.i = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_32.i
  %5 = load <2 x i8>, ptr %_86.i, align 2, !noalias !4
  %6 = load <2 x i8>, ptr %_96.i, align 2, !noalias !4
  %7 = shufflevector <2 x i8> %5, <2 x i8> %6, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %7, ptr %_8.i, align 1, !alias.scope !4
  %quad.1.i = urem i64 %2, 10000
  %8 = udiv i64 %extract.t.i, 100000000
  %_7.1.i = trunc nuw nsw i64 %quad.1.i to i32
  %_83.1.i = mul nuw nsw i32 %_7.1.i, 5243
  %pair14.1.i = lshr i32 %_83.1.i, 19
  %_8.1.i = getelementptr inbounds nuw i8, ptr %buf, i64 31
  %9 = shl nuw nsw i32 %pair14.1.i, 1
  %_17.1.i = zext nneg i32 %9 to i64
  %_86.1.i = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_17.1.i
  %_85.neg.1.i = mul nsw i32 %pair14.1.i, -100
  %pair25.1.i = add nsw i32 %_85.neg.1.i, %_7.1.i
  %10 = shl nuw nsw i32 %pair25.1.i, 1
  %_32.1.i = zext nneg i32 %10 to i64
  %_97.1.i = icmp ult i32 %pair25.1.i, 100
  tail call void @llvm.assume(i1 %_97.1.i)
  %_96.1.i = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_32.1.i
  %11 = load <2 x i8>, ptr %_86.1.i, align 2, !noalias !4
  %12 = load <2 x i8>, ptr %_96.1.i, align 2, !noalias !4
  %13 = shufflevector <2 x i8> %11, <2 x i8> %12, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %13, ptr %_8.1.i, align 1, !alias.scope !4
  %quad.2.i = urem i64 %8, 10000
  %_7.2.i = trunc nuw nsw i64 %quad.2.i to i32
  %_83.2.i = mul nuw nsw i32 %_7.2.i, 5243
  %pair14.2.i = lshr i32 %_83.2.i, 19
  %_85.neg.2.i = mul nsw i32 %pair14.2.i, -100
  %pair25.2.i = add nsw i32 %_85.neg.2.i, %_7.2.i
  %_8.2.i = getelementptr inbounds nuw i8, ptr %buf, i64 27
  %14 = shl nuw nsw i32 %pair14.2.i, 1
  %_17.2.i = zext nneg i32 %14 to i64
  %_86.2.i = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_17.2.i
  %15 = shl nuw nsw i32 %pair25.2.i, 1
  %_32.2.i = zext nneg i32 %15 to i64
  %_97.2.i = icmp ult i32 %pair25.2.i, 100
  tail call void @llvm.assume(i1 %_97.2.i)
  %_96.2.i = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_32.2.i
  %16 = udiv i64 %extract.t.i, 1000000000000
  %17 = load <2 x i8>, ptr %_86.2.i, align 2, !noalias !4
  %18 = load <2 x i8>, ptr %_96.2.i, align 2, !noalias !4
  %19 = shufflevector <2 x i8> %17, <2 x i8> %18, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %19, ptr %_8.2.i, align 1, !alias.scope !4
  %_41.i = trunc nuw nsw i64 %16 to i32
  %_79.i = mul i32 %_41.i, 5243
  %pair1.i = lshr i32 %_79.i, 19
  %_81.neg.i = mul nsw i32 %pair1.i, -100
  %pair2.i = add nsw i32 %_81.neg.i, %_41.i
  %_42.i = getelementptr inbounds nuw i8, ptr %buf, i64 23
  %20 = shl nuw nsw i32 %pair1.i, 1
  %_50.i = zext nneg i32 %20 to i64
  %_107.i = icmp ult i32 %_79.i, 52428800
  tail call void @llvm.assume(i1 %_107.i)
  %_106.i = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_50.i
  %21 = shl nuw nsw i32 %pair2.i, 1
  %_65.i = zext nneg i32 %21 to i64
  %_117.i = icmp ult i32 %pair2.i, 100
  tail call void @llvm.assume(i1 %_117.i)
  %_116.i = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_65.i
  %22 = load <2 x i8>, ptr %_106.i, align 2, !noalias !4
  %23 = load <2 x i8>, ptr %_116.i, align 2, !noalias !4
  %24 = shufflevector <2 x i8> %22, <2 x i8> %23, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %24, ptr %_42.i, align 1, !alias.scope !4
  %_2.i23 = icmp samesign ult i128 %_5.i, 22517998136852480000000000000000
  %extract.t1.i24 = trunc nuw nsw i128 %quot.i to i64
  br i1 %_2.i23, label %bb12, label %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit46

_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit46: ; preds = %bb5
  %_11.i26 = lshr i128 %_5.i, 115
  %_14.i27 = and i128 %quot.i, 18446744073709551615
  %_13.i28 = mul nuw i128 %_14.i27, 15207441643216202349
  %_12.i29 = lshr i128 %_13.i28, 64
  %_16.i30 = mul nuw nsw i128 %_14.i27, 4153837486827862102
  %_15.i31 = add nuw nsw i128 %_12.i29, %_16.i30
  %_17.i32 = lshr i128 %_15.i31, 64
  %_21.i33 = mul nuw nsw i128 %_11.i26, 15207441643216202349
  %_23.i34 = and i128 %_15.i31, 18446744073709551615
  %_20.i35 = add nuw nsw i128 %_23.i34, %_21.i33
  %_19.i36 = lshr i128 %_20.i35, 64
  %_25.i37 = mul nuw nsw i128 %_11.i26, 4153837486827862102
  %_24.i38 = add nuw nsw i128 %_17.i32, %_25.i37
  %_5.i39 = add nuw nsw i128 %_24.i38, %_19.i36
  %quot.i40 = lshr i128 %_5.i39, 51
  %_7.neg.i41 = mul nuw nsw i128 %quot.i40, 18436744073709551616
  %rem.i42 = add nuw nsw i128 %_7.neg.i41, %quot.i
  %extract.t.i43 = trunc i128 %rem.i42 to i64
  %25 = icmp eq i128 %quot.i40, 0
  br i1 %25, label %bb12, label %bb9

bb12:                                             ; preds = %bb5, %bb2, %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit46, %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit, %bb9
  %mod_1e16.sroa.0.0 = phi i64 [ %49, %bb9 ], [ %extract.t.i, %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit ], [ %extract.t.i43, %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit46 ], [ %extract.t1.i, %bb2 ], [ %extract.t1.i24, %bb5 ]
  %offset.sroa.0.1 = phi i64 [ 7, %bb9 ], [ 39, %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit ], [ 23, %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit46 ], [ 39, %bb2 ], [ 23, %bb5 ]
  %_12137 = icmp ugt i64 %mod_1e16.sroa.0.0, 999
  br i1 %_12137, label %bb14, label %bb15

bb9:                                              ; preds = %_ZN4itoa12div_rem_1e1617h23d7d40966f500e9E.exit46
  tail call void @llvm.experimental.noalias.scope.decl(metadata !7)
  %quad.i47 = urem i64 %extract.t.i43, 10000
  %26 = udiv i64 %extract.t.i43, 10000
  %_7.i48 = trunc nuw nsw i64 %quad.i47 to i32
  %_83.i49 = mul nuw nsw i32 %_7.i48, 5243
  %pair14.i50 = lshr i32 %_83.i49, 19
  %_8.i51 = getelementptr inbounds nuw i8, ptr %buf, i64 19
  %27 = shl nuw nsw i32 %pair14.i50, 1
  %_17.i52 = zext nneg i32 %27 to i64
  %_86.i53 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_17.i52
  %_85.neg.i55 = mul nsw i32 %pair14.i50, -100
  %pair25.i56 = add nsw i32 %_85.neg.i55, %_7.i48
  %28 = shl nuw nsw i32 %pair25.i56, 1
  %_32.i61 = zext nneg i32 %28 to i64
  %_97.i62 = icmp ult i32 %pair25.i56, 100
  tail call void @llvm.assume(i1 %_97.i62)
  %_96.i63 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_32.i61
  %29 = load <2 x i8>, ptr %_86.i53, align 2, !noalias !7
  %30 = load <2 x i8>, ptr %_96.i63, align 2, !noalias !7
  %31 = shufflevector <2 x i8> %29, <2 x i8> %30, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %31, ptr %_8.i51, align 1, !alias.scope !7
  %quad.1.i68 = urem i64 %26, 10000
  %32 = udiv i64 %extract.t.i43, 100000000
  %_7.1.i69 = trunc nuw nsw i64 %quad.1.i68 to i32
  %_83.1.i70 = mul nuw nsw i32 %_7.1.i69, 5243
  %pair14.1.i71 = lshr i32 %_83.1.i70, 19
  %_8.1.i72 = getelementptr inbounds nuw i8, ptr %buf, i64 15
  %33 = shl nuw nsw i32 %pair14.1.i71, 1
  %_17.1.i73 = zext nneg i32 %33 to i64
  %_86.1.i74 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_17.1.i73
  %_85.neg.1.i76 = mul nsw i32 %pair14.1.i71, -100
  %pair25.1.i77 = add nsw i32 %_85.neg.1.i76, %_7.1.i69
  %34 = shl nuw nsw i32 %pair25.1.i77, 1
  %_32.1.i82 = zext nneg i32 %34 to i64
  %_97.1.i83 = icmp ult i32 %pair25.1.i77, 100
  tail call void @llvm.assume(i1 %_97.1.i83)
  %_96.1.i84 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_32.1.i82
  %35 = load <2 x i8>, ptr %_86.1.i74, align 2, !noalias !7
  %36 = load <2 x i8>, ptr %_96.1.i84, align 2, !noalias !7
  %37 = shufflevector <2 x i8> %35, <2 x i8> %36, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %37, ptr %_8.1.i72, align 1, !alias.scope !7
  %quad.2.i89 = urem i64 %32, 10000
  %_7.2.i90 = trunc nuw nsw i64 %quad.2.i89 to i32
  %_83.2.i91 = mul nuw nsw i32 %_7.2.i90, 5243
  %pair14.2.i92 = lshr i32 %_83.2.i91, 19
  %_85.neg.2.i93 = mul nsw i32 %pair14.2.i92, -100
  %pair25.2.i94 = add nsw i32 %_85.neg.2.i93, %_7.2.i90
  %_8.2.i95 = getelementptr inbounds nuw i8, ptr %buf, i64 11
  %38 = shl nuw nsw i32 %pair14.2.i92, 1
  %_17.2.i96 = zext nneg i32 %38 to i64
  %_86.2.i97 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_17.2.i96
  %39 = shl nuw nsw i32 %pair25.2.i94, 1
  %_32.2.i103 = zext nneg i32 %39 to i64
  %_97.2.i104 = icmp ult i32 %pair25.2.i94, 100
  tail call void @llvm.assume(i1 %_97.2.i104)
  %_96.2.i105 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_32.2.i103
  %40 = udiv i64 %extract.t.i43, 1000000000000
  %41 = load <2 x i8>, ptr %_86.2.i97, align 2, !noalias !7
  %42 = load <2 x i8>, ptr %_96.2.i105, align 2, !noalias !7
  %43 = shufflevector <2 x i8> %41, <2 x i8> %42, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %43, ptr %_8.2.i95, align 1, !alias.scope !7
  %_41.i110 = trunc nuw nsw i64 %40 to i32
  %_79.i111 = mul i32 %_41.i110, 5243
  %pair1.i112 = lshr i32 %_79.i111, 19
  %_81.neg.i113 = mul nsw i32 %pair1.i112, -100
  %pair2.i114 = add nsw i32 %_81.neg.i113, %_41.i110
  %_42.i115 = getelementptr inbounds nuw i8, ptr %buf, i64 7
  %44 = shl nuw nsw i32 %pair1.i112, 1
  %_50.i116 = zext nneg i32 %44 to i64
  %_107.i117 = icmp ult i32 %_79.i111, 52428800
  tail call void @llvm.assume(i1 %_107.i117)
  %_106.i118 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_50.i116
  %45 = shl nuw nsw i32 %pair2.i114, 1
  %_65.i123 = zext nneg i32 %45 to i64
  %_117.i124 = icmp ult i32 %pair2.i114, 100
  tail call void @llvm.assume(i1 %_117.i124)
  %_116.i125 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_65.i123
  %46 = load <2 x i8>, ptr %_106.i118, align 2, !noalias !7
  %47 = load <2 x i8>, ptr %_116.i125, align 2, !noalias !7
  %48 = shufflevector <2 x i8> %46, <2 x i8> %47, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %48, ptr %_42.i115, align 1, !alias.scope !7
  %49 = trunc nuw nsw i128 %quot.i40 to i64
  br label %bb12

bb15:                                             ; preds = %bb14, %bb12
  %mod_1e16.sroa.0.1.lcssa = phi i64 [ %mod_1e16.sroa.0.0, %bb12 ], [ %51, %bb14 ]
  %offset.sroa.0.2.lcssa = phi i64 [ %offset.sroa.0.1, %bb12 ], [ %50, %bb14 ]
  %_44 = icmp samesign ugt i64 %mod_1e16.sroa.0.1.lcssa, 9
  br i1 %_44, label %bb16, label %bb18

bb14:                                             ; preds = %bb12, %bb14
  %offset.sroa.0.2139 = phi i64 [ %50, %bb14 ], [ %offset.sroa.0.1, %bb12 ]
  %mod_1e16.sroa.0.1138 = phi i64 [ %51, %bb14 ], [ %mod_1e16.sroa.0.0, %bb12 ]
  %50 = add i64 %offset.sroa.0.2139, -4
  %quad = urem i64 %mod_1e16.sroa.0.1138, 10000
  %51 = udiv i64 %mod_1e16.sroa.0.1138, 10000
  %_16 = trunc nuw nsw i64 %quad to i32
  %_68 = mul nuw nsw i32 %_16, 5243
  %pair1 = lshr i32 %_68, 19
  %_70.neg = mul nsw i32 %pair1, -100
  %pair2 = add nsw i32 %_70.neg, %_16
  %_71 = getelementptr inbounds nuw i8, ptr %buf, i64 %50
  %52 = shl nuw nsw i32 %pair1, 1
  %_23 = zext nneg i32 %52 to i64
  %_72 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_23
  %53 = shl nuw nsw i32 %pair2, 1
  %_36 = zext nneg i32 %53 to i64
  %_84 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_36
  %_91 = icmp ult i32 %pair2, 100
  tail call void @llvm.assume(i1 %_91)
  %54 = load <2 x i8>, ptr %_72, align 2
  %55 = load <2 x i8>, ptr %_84, align 2
  %56 = shufflevector <2 x i8> %54, <2 x i8> %55, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  store <4 x i8> %56, ptr %_71, align 1
  %_12 = icmp ugt i64 %mod_1e16.sroa.0.1138, 9999999
  br i1 %_12, label %bb14, label %bb15

bb16:                                             ; preds = %bb15
  %57 = add i64 %offset.sroa.0.2.lcssa, -2
  %_46 = trunc nuw nsw i64 %mod_1e16.sroa.0.1.lcssa to i32
  %_96 = mul nuw nsw i32 %_46, 5243
  %last = lshr i32 %_96, 19
  %_98.neg = mul nsw i32 %last, -100
  %pair = add nsw i32 %_98.neg, %_46
  %58 = zext nneg i32 %last to i64
  %_99 = getelementptr inbounds nuw i8, ptr %buf, i64 %57
  %59 = shl nuw nsw i32 %pair, 1
  %_53 = zext nneg i32 %59 to i64
  %_100 = getelementptr inbounds nuw i8, ptr @_ZN4itoa13DECIMAL_PAIRS17hb6fce665625c6371E, i64 %_53
  %_49 = load i8, ptr %_100, align 2, !noundef !3
  store i8 %_49, ptr %_99, align 1
  %60 = getelementptr i8, ptr %buf, i64 %offset.sroa.0.2.lcssa
  %_105 = getelementptr i8, ptr %60, i64 -1
  %_107 = icmp ult i32 %pair, 100
  tail call void @llvm.assume(i1 %_107)
  %_106 = getelementptr inbounds nuw i8, ptr %_100, i64 1
  %_57 = load i8, ptr %_106, align 1, !noundef !3
  store i8 %_57, ptr %_105, align 1
  br label %bb18

bb18:                                             ; preds = %bb15, %bb16
  %mod_1e16.sroa.0.2 = phi i64 [ %58, %bb16 ], [ %mod_1e16.sroa.0.1.lcssa, %bb15 ]
  %offset.sroa.0.3 = phi i64 [ %57, %bb16 ], [ %offset.sroa.0.2.lcssa, %bb15 ]
  %61 = icmp eq i64 %mod_1e16.sroa.0.2, 0
  br i1 %61, label %bb22, label %bb19

bb19:                                             ; preds = %bb18
  %62 = add i64 %offset.sroa.0.3, -1
  %_63 = trunc nuw nsw i64 %mod_1e16.sroa.0.2 to i8
  %_111 = getelementptr inbounds nuw i8, ptr %buf, i64 %62
  %_66 = add nuw nsw i8 %_63, 48
  store i8 %_66, ptr %_111, align 1
  br label %bb22
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #3

; Function Attrs: nonlazybind
declare i32 @rust_eh_personality(...) unnamed_addr #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #5

attributes #0 = { mustprogress nofree norecurse nosync nounwind nonlazybind willreturn memory(argmem: write, inaccessiblemem: write) uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #1 = { nofree norecurse nosync nounwind nonlazybind memory(argmem: write, inaccessiblemem: write) uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #2 = { nofree norecurse nosync nounwind nonlazybind memory(argmem: write, inaccessiblemem: readwrite) uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #4 = { nonlazybind "target-cpu"="x86-64" }
attributes #5 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 2, !"RtLibUseGOT", i32 1}
!2 = !{!"rustc version 1.95.0 (59807616e 2026-04-14)"}
!3 = !{}
!4 = !{!5}
!5 = distinct !{!5, !6, !"_ZN4itoa9enc_16lsd17hfcb1369db3e1cd71E: %buf.0"}
!6 = distinct !{!6, !"_ZN4itoa9enc_16lsd17hfcb1369db3e1cd71E"}
!7 = !{!8}
!8 = distinct !{!8, !9, !"_ZN4itoa9enc_16lsd17hfc2aa521fafe6130E: %buf.0"}
!9 = distinct !{!9, !"_ZN4itoa9enc_16lsd17hfc2aa521fafe6130E"}

// Window functions and i0 (create/windows.hpp): NumPy's values for every
// window at M in {0, 1, 2, 3, 4, 5, 8, 12, 51} and kaiser's beta in {0, 0.5,
// 5, 14, 50}, empty windows for a negative M, any integer type for M, the
// refusals, and i0 element-wise. Expected values are NumPy 1.24's
// (/usr/bin/python3), printed with repr(), which reads back as the same double.
//
// The bounds: loom computes NumPy's formulas in NumPy's order of operations,
// so its values differ from NumPy's only where cos and exp do. NumPy on a
// machine with AVX-512 uses its own vectorised cos and exp, which differ from
// glibc's by up to 3 units in the last place (cos) and 1 (exp), measured;
// computed with glibc's cos and exp, NumPy's formulas give loom's values bit
// for bit.
// - bartlett uses only +, - and /, correctly rounded everywhere: equal.
// - hanning, hamming and blackman: within 4 * 2^-52 of NumPy's value, that is
//   4 units in the last place of 1.0, the windows' peak. A cosine below 1 in
//   magnitude 3 units off is at most 1.5 * 2^-52 off; it is weighted by 0.5
//   at most, and the sums round once more. The bound is absolute because a
//   window's ends approach 0 by cancellation (0.5 + 0.5 * cos(~pi)), where a
//   tiny absolute difference is many units of the tiny value. Largest seen:
//   1.5 * 2^-52.
// - kaiser and i0: within 8 units in the last place of NumPy's value. I0 is
//   exp times a Chebyshev sum over a square root: 1 unit from exp and one for
//   each rounding after it, up to 3; kaiser divides two of them, and rounds
//   again: up to 7. Largest seen: 5.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <complex>
#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::message_of;

struct windows_numpy_case {
    int m;
    std::vector<double> values;
};

struct windows_kaiser_case {
    int m;
    double beta;
    std::vector<double> values;
};

// NumPy: [np.hanning(M) for M in [0, 1, 2, 3, 4, 5, 8, 12, 51]]
const std::vector<windows_numpy_case> windows_numpy_hanning = {
    {0, {}},
    {1, {1.0}},
    {2, {0.0, 0.0}},
    {3, {0.0, 1.0, 0.0}},
    {4, {0.0, 0.75, 0.75, 0.0}},
    {5, {0.0, 0.5, 1.0, 0.5, 0.0}},
    {8, {
            0.0, 0.1882550990706333, 0.6112604669781573, 0.9504844339512095, 0.9504844339512095, 0.6112604669781573,
            0.1882550990706333, 0.0
        }},
    {12, {
            5.551115123125783e-17, 0.07937323358440951, 0.29229249349905684, 0.5711574191366425, 0.8274303669726426,
            0.9797464868072487, 0.9797464868072487, 0.8274303669726426, 0.5711574191366425, 0.29229249349905684,
            0.07937323358440951, 5.551115123125783e-17
        }},
    {51, {
            0.0, 0.003942649342761173, 0.015708419435684462, 0.03511175705587438, 0.06184665997806821,
            0.09549150281252627, 0.13551568628929433, 0.18128800512565518, 0.23208660251050162, 0.2871103542174636,
            0.3454915028125264, 0.4063093427071377, 0.4686047402353433, 0.5313952597646567, 0.5936906572928624,
            0.6545084971874737, 0.7128896457825363, 0.7679133974894983, 0.8187119948743449, 0.8644843137107059,
            0.9045084971874737, 0.9381533400219317, 0.9648882429441257, 0.9842915805643156, 0.9960573506572388, 1.0,
            0.9960573506572388, 0.9842915805643156, 0.9648882429441257, 0.9381533400219317, 0.9045084971874737,
            0.8644843137107059, 0.8187119948743449, 0.7679133974894983, 0.7128896457825363, 0.6545084971874737,
            0.5936906572928624, 0.5313952597646567, 0.4686047402353433, 0.4063093427071377, 0.3454915028125264,
            0.2871103542174636, 0.23208660251050162, 0.18128800512565518, 0.13551568628929433, 0.09549150281252627,
            0.06184665997806821, 0.03511175705587438, 0.015708419435684462, 0.003942649342761173, 0.0
        }},
};

// NumPy: [np.hamming(M) for M in [0, 1, 2, 3, 4, 5, 8, 12, 51]]
const std::vector<windows_numpy_case> windows_numpy_hamming = {
    {0, {}},
    {1, {1.0}},
    {2, {0.08000000000000002, 0.08000000000000002}},
    {3, {0.08000000000000002, 1.0, 0.08000000000000002}},
    {4, {0.08000000000000002, 0.7700000000000001, 0.7700000000000001, 0.08000000000000002}},
    {5, {0.08000000000000002, 0.54, 1.0, 0.54, 0.08000000000000002}},
    {8, {
            0.08000000000000002, 0.25319469114498266, 0.6423596296199047, 0.9544456792351128, 0.9544456792351128,
            0.6423596296199047, 0.25319469114498266, 0.08000000000000002
        }},
    {12, {
            0.08000000000000007, 0.15302337489765677, 0.3489090940191323, 0.6054648256057111, 0.8412359376148312,
            0.981366767862669, 0.981366767862669, 0.8412359376148312, 0.6054648256057111, 0.3489090940191323,
            0.15302337489765677, 0.08000000000000007
        }},
    {51, {
            0.08000000000000002, 0.08362723739534028, 0.09445174588082972, 0.11230281649140444, 0.13689892717982277,
            0.1678521825875242, 0.20467443138615082, 0.2467849647156028, 0.2935196743096615, 0.3441415258800665,
            0.3978521825875243, 0.4538045952905667, 0.5111163610165159, 0.5688836389834843, 0.6261954047094335,
            0.6821478174124759, 0.7358584741199334, 0.7864803256903384, 0.8332150352843973, 0.8753255686138495,
            0.912147817412476, 0.9431010728201772, 0.9676971835085957, 0.9855482541191705, 0.9963727626046598, 1.0,
            0.9963727626046598, 0.9855482541191705, 0.9676971835085957, 0.9431010728201772, 0.912147817412476,
            0.8753255686138495, 0.8332150352843973, 0.7864803256903384, 0.7358584741199334, 0.6821478174124759,
            0.6261954047094335, 0.5688836389834843, 0.5111163610165159, 0.4538045952905667, 0.3978521825875243,
            0.3441415258800665, 0.2935196743096615, 0.2467849647156028, 0.20467443138615082, 0.1678521825875242,
            0.13689892717982277, 0.11230281649140444, 0.09445174588082972, 0.08362723739534028, 0.08000000000000002
        }},
};

// NumPy: [np.blackman(M) for M in [0, 1, 2, 3, 4, 5, 8, 12, 51]]
const std::vector<windows_numpy_case> windows_numpy_blackman = {
    {0, {}},
    {1, {1.0}},
    {2, {-1.3877787807814457e-17, -1.3877787807814457e-17}},
    {3, {-1.3877787807814457e-17, 0.9999999999999999, -1.3877787807814457e-17}},
    {4, {
            -1.3877787807814457e-17, 0.6300000000000001, 0.6300000000000001, -1.3877787807814457e-17
        }},
    {5, {-1.3877787807814457e-17, 0.34, 0.9999999999999999, 0.34, -1.3877787807814457e-17}},
    {8, {
            -1.3877787807814457e-17, 0.09045342435412812, 0.45918295754596367, 0.9203636180999081, 0.9203636180999081,
            0.45918295754596367, 0.09045342435412812, -1.3877787807814457e-17
        }},
    {12, {
            4.163336342344337e-17, 0.03260643462456038, 0.159903634783434, 0.4143979812474827, 0.7360451799107798,
            0.9670467694337431, 0.9670467694337431, 0.7360451799107798, 0.4143979812474827, 0.159903634783434,
            0.03260643462456038, 4.163336342344337e-17
        }},
    {51, {
            -1.3877787807814457e-17, 0.0014293022330516408, 0.005812953839193488, 0.013429247249587273,
            0.02471280357638793, 0.04021286236252204, 0.06053892785163935, 0.0862974999587972, 0.11802425918529583,
            0.15611643503756845, 0.2007701432625306, 0.2519272238360776, 0.3092355641301851, 0.3720260836594985,
            0.43930853842180223, 0.509787137637478, 0.5818957266026412, 0.6538510541642923, 0.7237214897074868,
            0.7895075552730509, 0.8492298567374695, 0.9010194836202514, 0.9432057331378385, 0.9743961149678247,
            0.9935440035475294, 0.9999999999999999, 0.9935440035475294, 0.9743961149678247, 0.9432057331378385,
            0.9010194836202514, 0.8492298567374695, 0.7895075552730509, 0.7237214897074868, 0.6538510541642923,
            0.5818957266026412, 0.509787137637478, 0.43930853842180223, 0.3720260836594985, 0.3092355641301851,
            0.2519272238360776, 0.2007701432625306, 0.15611643503756845, 0.11802425918529583, 0.0862974999587972,
            0.06053892785163935, 0.04021286236252204, 0.02471280357638793, 0.013429247249587273, 0.005812953839193488,
            0.0014293022330516408, -1.3877787807814457e-17
        }},
};

// NumPy: [np.bartlett(M) for M in [0, 1, 2, 3, 4, 5, 8, 12, 51]]
const std::vector<windows_numpy_case> windows_numpy_bartlett = {
    {0, {}},
    {1, {1.0}},
    {2, {0.0, 0.0}},
    {3, {0.0, 1.0, 0.0}},
    {4, {0.0, 0.6666666666666667, 0.6666666666666667, 0.0}},
    {5, {0.0, 0.5, 1.0, 0.5, 0.0}},
    {8, {
            0.0, 0.2857142857142857, 0.5714285714285714, 0.8571428571428572, 0.8571428571428572, 0.5714285714285714,
            0.2857142857142857, 0.0
        }},
    {12, {
            0.0, 0.18181818181818177, 0.36363636363636365, 0.5454545454545454, 0.7272727272727273, 0.9090909090909091,
            0.9090909090909091, 0.7272727272727273, 0.5454545454545454, 0.36363636363636365, 0.18181818181818177, 0.0
        }},
    {51, {
            0.0, 0.040000000000000036, 0.07999999999999996, 0.12, 0.16000000000000003, 0.19999999999999996, 0.24,
            0.28, 0.31999999999999995, 0.36, 0.4, 0.43999999999999995, 0.48, 0.52, 0.56, 0.6, 0.64,
            0.6799999999999999, 0.72, 0.76, 0.8, 0.84, 0.88, 0.92, 0.96, 1.0, 0.96, 0.92, 0.88, 0.84, 0.8, 0.76, 0.72,
            0.6799999999999999, 0.64, 0.6, 0.56, 0.52, 0.48, 0.43999999999999995, 0.4, 0.36, 0.31999999999999995,
            0.28, 0.24, 0.19999999999999996, 0.16000000000000003, 0.12, 0.07999999999999996, 0.040000000000000036, 0.0
        }},
};

// NumPy: [np.kaiser(M, beta) for beta in [0.0, 0.5, 5.0, 14.0, 50.0] for M in [0, 1, 2, 3, 4, 5, 8, 12, 51]]
const std::vector<windows_kaiser_case> windows_numpy_kaiser = {
    {0, 0.0, {}},
    {1, 0.0, {1.0}},
    {2, 0.0, {1.0, 1.0}},
    {3, 0.0, {1.0, 1.0, 1.0}},
    {4, 0.0, {1.0, 1.0, 1.0, 1.0}},
    {5, 0.0, {1.0, 1.0, 1.0, 1.0, 1.0}},
    {8, 0.0, {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0}},
    {12, 0.0, {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0}},
    {51, 0.0, {
            1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
            1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
            1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0
        }},
    {0, 0.5, {}},
    {1, 0.5, {1.0}},
    {2, 0.5, {0.9403061933191574, 0.9403061933191574}},
    {3, 0.5, {0.9403061933191574, 1.0, 0.9403061933191574}},
    {4, 0.5, {0.9403061933191574, 0.9932754654413776, 0.9932754654413776, 0.9403061933191574}},
    {5, 0.5, {0.9403061933191574, 0.9849022698838329, 1.0, 0.9849022698838329, 0.9403061933191574}},
    {8, 0.5, {
            0.9403061933191574, 0.969312119993129, 0.9888964026825293, 0.9987631475060962, 0.9987631475060962,
            0.9888964026825293, 0.969312119993129, 0.9403061933191574
        }},
    {12, 0.5, {
            0.9403061933191574, 0.9598345881794499, 0.9756027399223769, 0.9875141588703071, 0.9954958939201881,
            0.999499031774765, 0.999499031774765, 0.9954958939201881, 0.9875141588703071, 0.9756027399223769,
            0.9598345881794499, 0.9403061933191574
        }},
    {51, 0.5, {
            0.9403061933191574, 0.9449193409282344, 0.949354820552551, 0.953611319497149, 0.9576875776919449,
            0.9615823881089496, 0.9652945971619824, 0.968823105088731, 0.9721668663150311, 0.9753248898012323,
            0.9782962393705391, 0.9810800340191995, 0.9836754482084445, 0.9860817121380714, 0.9882981120015747,
            0.9903239902227378, 0.9921587456736031, 0.9938018338737447, 0.9952527671707686, 0.9965111149019871,
            0.9975765035372048, 0.9984486168025632, 0.9991271957854116, 0.9996120390201563, 0.9999030025550654, 1.0,
            0.9999030025550654, 0.9996120390201563, 0.9991271957854116, 0.9984486168025632, 0.9975765035372048,
            0.9965111149019871, 0.9952527671707686, 0.9938018338737447, 0.9921587456736031, 0.9903239902227378,
            0.9882981120015747, 0.9860817121380714, 0.9836754482084445, 0.9810800340191995, 0.9782962393705391,
            0.9753248898012323, 0.9721668663150311, 0.968823105088731, 0.9652945971619824, 0.9615823881089496,
            0.9576875776919449, 0.953611319497149, 0.949354820552551, 0.9449193409282344, 0.9403061933191574
        }},
    {0, 5.0, {}},
    {1, 5.0, {1.0}},
    {2, 5.0, {0.036710892271286676, 0.036710892271286676}},
    {3, 5.0, {0.036710892271286676, 1.0, 0.036710892271286676}},
    {4, 5.0, {0.036710892271286676, 0.7753221044454067, 0.7753221044454067, 0.036710892271286676}},
    {5, 5.0, {0.036710892271286676, 0.5528517696991324, 1.0, 0.5528517696991324, 0.036710892271286676}},
    {8, 5.0, {
            0.036710892271286676, 0.2706944178894165, 0.6517382352453626, 0.9552473164564366, 0.9552473164564366,
            0.6517382352453626, 0.2706944178894165, 0.036710892271286676
        }},
    {12, 5.0, {
            0.036710892271286676, 0.1619952511523947, 0.3668380606253589, 0.6160930407139884, 0.8445883822449819,
            0.9816782822458596, 0.9816782822458596, 0.8445883822449819, 0.6160930407139884, 0.3668380606253589,
            0.1619952511523947, 0.036710892271286676
        }},
    {51, 5.0, {
            0.036710892271286676, 0.05702652016097732, 0.08137001295154699, 0.10984475054507063, 0.1424707129794146,
            0.1791782508181855, 0.2198039487419763, 0.2640887828478816, 0.31167871028318017, 0.36212776215987214,
            0.4149036392433668, 0.46939573686046054, 0.5249254530938667, 0.5807585649001086, 0.6361193925189762,
            0.6902064155143299, 0.7422089558704821, 0.7913245063693937, 0.8367762572713046, 0.8778303620265007,
            0.9138124838691999, 0.9441231797756305, 0.9682517060710093, 0.9857878701899838, 0.9964316045822835, 1.0,
            0.9964316045822835, 0.9857878701899838, 0.9682517060710093, 0.9441231797756305, 0.9138124838691999,
            0.8778303620265007, 0.8367762572713046, 0.7913245063693937, 0.7422089558704821, 0.6902064155143299,
            0.6361193925189762, 0.5807585649001086, 0.5249254530938667, 0.46939573686046054, 0.4149036392433668,
            0.36212776215987214, 0.31167871028318017, 0.2640887828478816, 0.2198039487419763, 0.1791782508181855,
            0.1424707129794146, 0.10984475054507063, 0.08137001295154699, 0.05702652016097732, 0.036710892271286676
        }},
    {0, 14.0, {}},
    {1, 14.0, {1.0}},
    {2, 14.0, {7.726866835270368e-06, 7.726866835270368e-06}},
    {3, 14.0, {7.726866835270368e-06, 1.0, 7.726866835270368e-06}},
    {4, 14.0, {7.726866835270368e-06, 0.46271649780079116, 0.46271649780079116, 7.726866835270368e-06}},
    {5, 14.0, {
            7.726866835270368e-06, 0.16493218754795194, 1.0, 0.16493218754795194, 7.726866835270368e-06
        }},
    {8, 14.0, {
            7.726866835270368e-06, 0.017964073497790785, 0.2727720681863426, 0.8708037315729595, 0.8708037315729595,
            0.2727720681863426, 0.017964073497790785, 7.726866835270368e-06
        }},
    {12, 14.0, {
            7.726866835270368e-06, 0.003460091937889429, 0.04652001885143685, 0.22973712022098938, 0.5998853159552917,
            0.9456748983666176, 0.9456748983666176, 0.5998853159552917, 0.22973712022098938, 0.04652001885143685,
            0.003460091937889429, 7.726866835270368e-06
        }},
    {51, 14.0, {
            7.726866835270368e-06, 8.150948456727312e-05, 0.00032600076740669175, 0.0009425887506662767,
            0.002266248466391737, 0.0048056791412168075, 0.00927621458545023, 0.01661643007392611,
            0.027978965679194313, 0.04468735000722211, 0.06815374319396057, 0.09975740118942189, 0.14068980496716194,
            0.19177896985813342, 0.25331138714876045, 0.32487421778447284, 0.40524175565528453, 0.49232814346706993,
            0.5832226995029494, 0.6743154327037105, 0.7615093990873935, 0.8405049538342629, 0.9071303903483532,
            0.9576856052548601, 0.989261639090822, 1.0, 0.989261639090822, 0.9576856052548601, 0.9071303903483532,
            0.8405049538342629, 0.7615093990873935, 0.6743154327037105, 0.5832226995029494, 0.49232814346706993,
            0.40524175565528453, 0.32487421778447284, 0.25331138714876045, 0.19177896985813342, 0.14068980496716194,
            0.09975740118942189, 0.06815374319396057, 0.04468735000722211, 0.027978965679194313, 0.01661643007392611,
            0.00927621458545023, 0.0048056791412168075, 0.002266248466391737, 0.0009425887506662767,
            0.00032600076740669175, 8.150948456727312e-05, 7.726866835270368e-06
        }},
    {0, 50.0, {}},
    {1, 50.0, {1.0}},
    {2, 50.0, {3.409997134604561e-21, 3.409997134604561e-21}},
    {3, 50.0, {3.409997134604561e-21, 1.0, 3.409997134604561e-21}},
    {4, 50.0, {
            3.409997134604561e-21, 0.059015964829769604, 0.059015964829769604, 3.409997134604561e-21
        }},
    {5, 50.0, {
            3.409997134604561e-21, 0.0013249058037932942, 1.0, 0.0013249058037932942, 3.409997134604561e-21
        }},
    {8, 50.0, {
            3.409997134604561e-21, 3.6340478855192676e-07, 0.008449932448969757, 0.6019067161050682,
            0.6019067161050682, 0.008449932448969757, 3.6340478855192676e-07, 3.409997134604561e-21
        }},
    {12, 50.0, {
            3.409997134604561e-21, 7.787022385145789e-10, 1.2372930003278702e-05, 0.004491139486490968,
            0.15320058429181937, 0.8146840448804809, 0.8146840448804809, 0.15320058429181937, 0.004491139486490968,
            1.2372930003278702e-05, 7.787022385145789e-10, 3.409997134604561e-21
        }},
    {51, 50.0, {
            3.409997134604561e-21, 4.4131692797385307e-16, 1.0019023495865691e-13, 5.782332617034582e-12,
            1.5889052246430404e-10, 2.665500295779508e-09, 3.107029890116962e-08, 2.7198849688493443e-07,
            1.8817613767182158e-06, 1.0662856613197443e-05, 5.0791139366142096e-05, 0.00020741963424993545,
            0.0007373588663238725, 0.0023094473982506695, 0.00643484624103612, 0.016076092391125094,
            0.03624330056913251, 0.07412714497928694, 0.13814068750835942, 0.23540510706009343, 0.3678989327218841,
            0.52854219838537, 0.6993103313732989, 0.8533005271665276, 0.9611607131212271, 1.0, 0.9611607131212271,
            0.8533005271665276, 0.6993103313732989, 0.52854219838537, 0.3678989327218841, 0.23540510706009343,
            0.13814068750835942, 0.07412714497928694, 0.03624330056913251, 0.016076092391125094, 0.00643484624103612,
            0.0023094473982506695, 0.0007373588663238725, 0.00020741963424993545, 5.0791139366142096e-05,
            1.0662856613197443e-05, 1.8817613767182158e-06, 2.7198849688493443e-07, 3.107029890116962e-08,
            2.665500295779508e-09, 1.5889052246430404e-10, 5.782332617034582e-12, 1.0019023495865691e-13,
            4.4131692797385307e-16, 3.409997134604561e-21
        }},
};

// The bound of hanning, hamming and blackman (see the top of the file).
constexpr double windows_cosine_bound = 4 * std::numeric_limits<double>::epsilon();
// The bound of kaiser and i0, in units in the last place (see the top of the file).
constexpr std::int64_t windows_ulp_bound = 8;

// How many doubles lie between a and b, two finite numbers of the same sign.
std::int64_t windows_ulps_apart(double a, double b) {
    const auto distance = std::bit_cast<std::int64_t>(a) - std::bit_cast<std::int64_t>(b);
    return distance < 0 ? -distance : distance;
}

template <class Window>
void windows_expect_cosine_window(Window window, const std::vector<windows_numpy_case>& cases) {
    for (const auto& [m, numpy_values] : cases) {
        SCOPED_TRACE("M = " + std::to_string(m));
        const tensor<double> values = window(m);
        ASSERT_EQ(values.shape(), (shape_type{static_cast<index_t>(numpy_values.size())}));
        for (std::size_t i = 0; i < numpy_values.size(); ++i) {
            EXPECT_NEAR(values.data()[i], numpy_values[i], windows_cosine_bound) << "at " << i;
        }
    }
}

void windows_expect_within_ulps(const std::vector<double>& values, const std::vector<double>& numpy_values) {
    ASSERT_EQ(values.size(), numpy_values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        ASSERT_TRUE(std::isfinite(numpy_values[i]) && std::signbit(values[i]) == std::signbit(numpy_values[i]))
            << values[i] << " and NumPy's " << numpy_values[i] << " at " << i;
        EXPECT_LE(windows_ulps_apart(values[i], numpy_values[i]), windows_ulp_bound)
            << values[i] << " and NumPy's " << numpy_values[i] << " at " << i;
    }
}

// Whether window(M) compiles for an M of type M.
template <class M>
concept windows_take_length = requires(M m) { loom::hanning(m); } && requires(M m) { loom::kaiser(m, 5.0); };

template <class T>
concept windows_i0_takes = requires(const tensor<T>& t) { loom::i0(t); };

// ---- NumPy's values ----

TEST(Windows, HanningAsNumPy) {
    windows_expect_cosine_window([](int m) { return loom::hanning(m); }, windows_numpy_hanning);
}

TEST(Windows, HammingAsNumPy) {
    windows_expect_cosine_window([](int m) { return loom::hamming(m); }, windows_numpy_hamming);
}

TEST(Windows, BlackmanAsNumPy) {
    windows_expect_cosine_window([](int m) { return loom::blackman(m); }, windows_numpy_blackman);
    // cos(0) is 1 and cos(+-pi) rounds to -1 in every libm, so these are NumPy's to the bit: the
    // ends 0.42 - 0.5 + 0.08 and the peak 0.42 + 0.5 + 0.08, each rounded from the left.
    EXPECT_EQ(elements_of(loom::blackman(3)),
              (std::vector<double>{-1.3877787807814457e-17, 0.9999999999999999, -1.3877787807814457e-17}));
}

TEST(Windows, BartlettAsNumPyToTheBit) {
    for (const auto& [m, numpy_values] : windows_numpy_bartlett) {
        SCOPED_TRACE("M = " + std::to_string(m));
        const tensor<double> values = loom::bartlett(m);
        EXPECT_EQ(values.shape(), (shape_type{static_cast<index_t>(numpy_values.size())}));
        EXPECT_EQ(elements_of(values), numpy_values);
    }
}

TEST(Windows, KaiserAsNumPy) {
    for (const auto& [m, beta, numpy_values] : windows_numpy_kaiser) {
        SCOPED_TRACE("M = " + std::to_string(m) + ", beta = " + std::to_string(beta));
        const tensor<double> values = loom::kaiser(m, beta);
        EXPECT_EQ(values.shape(), (shape_type{static_cast<index_t>(numpy_values.size())}));
        windows_expect_within_ulps(elements_of(values), numpy_values);
    }
}

TEST(Windows, KaiserBetasNumPyDoesNotRefuse) {
    // NumPy: i0 takes |x|, so a negative beta gives the window of -beta.
    EXPECT_EQ(elements_of(loom::kaiser(8, -5.0)), elements_of(loom::kaiser(8, 5.0)));
    // NumPy: np.kaiser(5, nan) and np.kaiser(5, inf) are all NaN (inf / inf).
    for (const double beta : {loom::testing::nan, loom::testing::inf, -loom::testing::inf}) {
        for (const double value : elements_of(loom::kaiser(5, beta))) EXPECT_TRUE(std::isnan(value)) << beta;
    }
    // NumPy: np.kaiser(5, 720.0) is [0, 0, nan, 0, 0]: I0(720) overflows to inf.
    const auto large = elements_of(loom::kaiser(5, 720.0));
    EXPECT_EQ(large[0], 0.0);
    EXPECT_EQ(large[1], 0.0);
    EXPECT_TRUE(std::isnan(large[2]));
    EXPECT_EQ(large[3], 0.0);
    EXPECT_EQ(large[4], 0.0);
    // NumPy: np.kaiser(1, nan) is [1.]
    EXPECT_EQ(elements_of(loom::kaiser(1, loom::testing::nan)), (std::vector<double>{1.0}));
}

// ---- M ----

TEST(Windows, NegativeLengthGivesAnEmptyWindowAsNumPy) {
    // NumPy 1.24: np.hanning(-3), ..., np.kaiser(-3, 5.0) are empty float64 arrays.
    for (const auto m : {-1, -3}) {
        EXPECT_EQ(loom::hanning(m).shape(), (shape_type{0}));
        EXPECT_EQ(loom::hamming(m).shape(), (shape_type{0}));
        EXPECT_EQ(loom::blackman(m).shape(), (shape_type{0}));
        EXPECT_EQ(loom::bartlett(m).shape(), (shape_type{0}));
        EXPECT_EQ(loom::kaiser(m, 5.0).shape(), (shape_type{0}));
    }
    EXPECT_EQ(loom::hanning(std::numeric_limits<std::int64_t>::min()).shape(), (shape_type{0}));
}

TEST(Windows, AnyIntegerTypeForLength) {
    static_assert(std::same_as<decltype(loom::hanning(std::uint8_t{5})), tensor<double>>);
    static_assert(std::same_as<decltype(loom::kaiser(std::int16_t{5}, 5.0)), tensor<double>>);
    EXPECT_EQ(elements_of(loom::hanning(std::uint8_t{12})), elements_of(loom::hanning(12)));
    EXPECT_EQ(elements_of(loom::hamming(12u)), elements_of(loom::hamming(12)));
    EXPECT_EQ(elements_of(loom::blackman(std::int64_t{12})), elements_of(loom::blackman(12)));
    EXPECT_EQ(elements_of(loom::bartlett(std::uint64_t{12})), elements_of(loom::bartlett(12)));
    EXPECT_EQ(elements_of(loom::kaiser(std::int8_t{12}, 14.0)), elements_of(loom::kaiser(12, 14.0)));
    EXPECT_EQ(loom::bartlett(std::int8_t{-128}).shape(), (shape_type{0}));
    // Lengths of every integer type but bool and the characters; no floating lengths.
    static_assert(windows_take_length<unsigned long long> && windows_take_length<signed char>);
    static_assert(!windows_take_length<bool> && !windows_take_length<char> && !windows_take_length<double>);
}

TEST(Windows, LengthBeyondAnIndexIsRefusedNamingIt) {
    // 2^64 - 1 is not narrowed to an index (it would read as -1: an empty window).
    loom::testing::expect_error_text<std::length_error>(
        [] { (void)loom::hanning(std::numeric_limits<std::uint64_t>::max()); },
        "hanning(M = 18446744073709551615): a window of M float64 values spans more bytes than fit in a 64-bit "
        "index; pass a smaller M");
    loom::testing::expect_error_text<std::length_error>(
        [] { (void)loom::kaiser(std::numeric_limits<std::int64_t>::max(), 5.0); },
        "kaiser(M = 9223372036854775807, beta = 5.0): a window of M float64 values spans more bytes than fit in a "
        "64-bit index; pass a smaller M");
    // The first M whose bytes do not fit: 2^60.
    constexpr std::int64_t too_long = std::numeric_limits<std::int64_t>::max() / 8 + 1;
    EXPECT_THROW((void)loom::hamming(too_long), std::length_error);
    EXPECT_THROW((void)loom::blackman(too_long), std::length_error);
    EXPECT_THROW((void)loom::bartlett(std::uint64_t{too_long}), std::length_error);
    EXPECT_TRUE(loom::testing::contains(message_of([] { (void)loom::bartlett(too_long); }),
                                        "bartlett(M = 1152921504606846976)"));
}

// ---- i0 ----

TEST(WindowsI0, AsNumPy) {
    // NumPy: np.i0([0.0, 1.0, -3.0, 7.5, 8.0, 8.5, 30.0, 700.0]); 8 is the last of the first expansion
    const tensor<double> x{0.0, 1.0, -3.0, 7.5, 8.0, 8.5, 30.0, 700.0};
    windows_expect_within_ulps(elements_of(loom::i0(x)),
                               {1.0, 1.2660658777520082, 4.880792585865024, 268.1613115151893, 427.56411572180474,
                                683.1619269901155, 781672297823.9775, 1.5295933476718735e+302});
    // NumPy: np.i0([nan, inf, -inf, 1e300, -0.0]) is [nan, nan, nan, inf, 1.]
    const auto special = elements_of(loom::i0(tensor<double>{loom::testing::nan, loom::testing::inf,
                                                             -loom::testing::inf, 1e300, -0.0}));
    EXPECT_TRUE(std::isnan(special[0]) && std::isnan(special[1]) && std::isnan(special[2]));
    EXPECT_EQ(special[3], loom::testing::inf);
    EXPECT_EQ(special[4], 1.0);
}

TEST(WindowsI0, TypesAndLaziness) {
    // NumPy: integers give float64; float32 stays float32 (computed here in float64, then rounded).
    static_assert(std::same_as<loom::value_type_of<decltype(loom::i0(tensor<int>{1}))>, double>);
    static_assert(std::same_as<loom::value_type_of<decltype(loom::i0(tensor<float>{1.0f}))>, float>);
    const double i0_of_1 = elements_of(loom::i0(tensor<double>{1.0})).front();
    EXPECT_EQ(elements_of(loom::i0(tensor<int>{0, 1})), (std::vector<double>{1.0, i0_of_1}));
    EXPECT_EQ(elements_of(loom::i0(tensor<float>{1.0f})), (std::vector<float>{static_cast<float>(i0_of_1)}));
    // A lazy operand, and a lazy result that evaluates into a tensor.
    const tensor<double> x{0.5, 1.5};
    EXPECT_EQ(elements_of(loom::i0(x * 2.0)), elements_of(loom::i0(tensor<double>{1.0, 3.0})));
    // NumPy raises TypeError for complex values; loom does not compile them.
    static_assert(windows_i0_takes<double> && windows_i0_takes<std::int64_t>);
    static_assert(!windows_i0_takes<std::complex<double>>);
}

}  // namespace

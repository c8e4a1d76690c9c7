/**
 * IANA time zones by country, generated from tzdata's zone.tab and zone1970.tab with the backward
 * links browsers still report (Asia/Calcutta, Europe/Kiev). `COUNTRY:zone zone;` records.
 */
const ZONES_BY_COUNTRY =
  'AD:Europe/Andorra;AE:Asia/Dubai;AF:Asia/Kabul;AG:America/Antigua America/Puerto_Rico;' +
  'AI:America/Anguilla America/Puerto_Rico;AL:Europe/Tirane;AM:Asia/Yerevan;' +
  'AO:Africa/Lagos Africa/Luanda;' +
  'AQ:Antarctica/Casey Antarctica/Davis Antarctica/DumontDUrville Antarctica/Mawson Antarctica/McMurdo Antarctica/Palmer Antarctica/Rothera Antarctica/Syowa Antarctica/Troll Antarctica/Vostok Asia/Riyadh Asia/Singapore Pacific/Auckland Pacific/Port_Moresby;' +
  'AR:America/Argentina/Buenos_Aires America/Argentina/Catamarca America/Argentina/ComodRivadavia America/Argentina/Cordoba America/Argentina/Jujuy America/Argentina/La_Rioja America/Argentina/Mendoza America/Argentina/Rio_Gallegos America/Argentina/Salta America/Argentina/San_Juan America/Argentina/San_Luis America/Argentina/Tucuman America/Argentina/Ushuaia America/Buenos_Aires America/Catamarca America/Cordoba America/Jujuy America/Mendoza America/Rosario;' +
  'AS:Pacific/Pago_Pago Pacific/Samoa US/Samoa;AT:Europe/Vienna;' +
  'AU:Antarctica/Macquarie Asia/Tokyo Australia/ACT Australia/Adelaide Australia/Brisbane Australia/Broken_Hill Australia/Canberra Australia/Currie Australia/Darwin Australia/Eucla Australia/Hobart Australia/LHI Australia/Lindeman Australia/Lord_Howe Australia/Melbourne Australia/NSW Australia/North Australia/Perth Australia/Queensland Australia/South Australia/Sydney Australia/Tasmania Australia/Victoria Australia/West Australia/Yancowinna;' +
  'AW:America/Aruba America/Puerto_Rico;AX:Europe/Helsinki Europe/Mariehamn;AZ:Asia/Baku;' +
  'BA:Europe/Belgrade Europe/Sarajevo;BB:America/Barbados;BD:Asia/Dacca Asia/Dhaka;BE:Europe/Brussels;' +
  'BF:Africa/Abidjan Africa/Ouagadougou;BG:Europe/Sofia;BH:Asia/Bahrain Asia/Qatar;' +
  'BI:Africa/Bujumbura Africa/Maputo;BJ:Africa/Lagos Africa/Porto-Novo;' +
  'BL:America/Puerto_Rico America/St_Barthelemy;BM:Atlantic/Bermuda;BN:Asia/Brunei Asia/Kuching;' +
  'BO:America/La_Paz;BQ:America/Kralendijk America/Puerto_Rico;' +
  'BR:America/Araguaina America/Bahia America/Belem America/Boa_Vista America/Campo_Grande America/Cuiaba America/Eirunepe America/Fortaleza America/Maceio America/Manaus America/Noronha America/Porto_Acre America/Porto_Velho America/Recife America/Rio_Branco America/Santarem America/Sao_Paulo Brazil/Acre Brazil/DeNoronha Brazil/East Brazil/West;' +
  'BS:America/Nassau America/Toronto;BT:Asia/Thimbu Asia/Thimphu;BW:Africa/Gaborone Africa/Maputo;' +
  'BY:Europe/Minsk;BZ:America/Belize;' +
  'CA:America/Atikokan America/Blanc-Sablon America/Cambridge_Bay America/Creston America/Dawson America/Dawson_Creek America/Edmonton America/Fort_Nelson America/Glace_Bay America/Goose_Bay America/Halifax America/Inuvik America/Iqaluit America/Moncton America/Montreal America/Nipigon America/Panama America/Pangnirtung America/Phoenix America/Puerto_Rico America/Rainy_River America/Rankin_Inlet America/Regina America/Resolute America/St_Johns America/Swift_Current America/Thunder_Bay America/Toronto America/Vancouver America/Whitehorse America/Winnipeg America/Yellowknife Canada/Atlantic Canada/Central Canada/Eastern Canada/Mountain Canada/Newfoundland Canada/Pacific Canada/Saskatchewan Canada/Yukon;' +
  'CC:Asia/Yangon Indian/Cocos;CD:Africa/Kinshasa Africa/Lagos Africa/Lubumbashi Africa/Maputo;' +
  'CF:Africa/Bangui Africa/Lagos;CG:Africa/Brazzaville Africa/Lagos;CH:Europe/Busingen Europe/Zurich;' +
  'CI:Africa/Abidjan Africa/Timbuktu;CK:Pacific/Rarotonga;' +
  'CL:America/Coyhaique America/Punta_Arenas America/Santiago Chile/Continental Chile/EasterIsland Pacific/Easter;' +
  'CM:Africa/Douala Africa/Lagos;' +
  'CN:Asia/Chongqing Asia/Chungking Asia/Harbin Asia/Kashgar Asia/Shanghai Asia/Urumqi;' +
  'CO:America/Bogota;CR:America/Costa_Rica;CU:America/Havana;CV:Atlantic/Cape_Verde;' +
  'CW:America/Curacao America/Puerto_Rico;CX:Asia/Bangkok Indian/Christmas;' +
  'CY:Asia/Famagusta Asia/Nicosia Europe/Nicosia;CZ:Europe/Bratislava Europe/Prague;' +
  'DE:Arctic/Longyearbyen Atlantic/Jan_Mayen Europe/Berlin Europe/Busingen Europe/Zurich;' +
  'DJ:Africa/Djibouti Africa/Nairobi;DK:Europe/Berlin Europe/Copenhagen;' +
  'DM:America/Dominica America/Puerto_Rico;DO:America/Santo_Domingo;DZ:Africa/Algiers;' +
  'EC:America/Guayaquil Pacific/Galapagos;EE:Europe/Tallinn;EG:Africa/Cairo;EH:Africa/El_Aaiun;' +
  'ER:Africa/Asmara Africa/Nairobi;ES:Africa/Ceuta Atlantic/Canary Europe/Madrid;' +
  'ET:Africa/Addis_Ababa Africa/Nairobi;FI:Europe/Helsinki Europe/Mariehamn;FJ:Pacific/Fiji;' +
  'FK:Atlantic/Stanley;' +
  'FM:Pacific/Chuuk Pacific/Guadalcanal Pacific/Kosrae Pacific/Pohnpei Pacific/Port_Moresby;' +
  'FO:Atlantic/Faeroe Atlantic/Faroe;FR:Europe/Paris;GA:Africa/Lagos Africa/Libreville;' +
  'GB:Europe/Belfast Europe/London;GD:America/Grenada America/Puerto_Rico;GE:Asia/Tbilisi;' +
  'GF:America/Cayenne;GG:Europe/Guernsey Europe/London;GH:Africa/Abidjan Africa/Accra;' +
  'GI:Europe/Gibraltar;' +
  'GL:America/Danmarkshavn America/Godthab America/Nuuk America/Scoresbysund America/Thule;' +
  'GM:Africa/Abidjan Africa/Banjul;GN:Africa/Abidjan Africa/Conakry;' +
  'GP:America/Guadeloupe America/Puerto_Rico;GQ:Africa/Lagos Africa/Malabo;GR:Europe/Athens;' +
  'GS:Atlantic/South_Georgia;GT:America/Guatemala;GU:Pacific/Guam;GW:Africa/Bissau;GY:America/Guyana;' +
  'HK:Asia/Hong_Kong;HN:America/Tegucigalpa;HR:Europe/Belgrade Europe/Zagreb;HT:America/Port-au-Prince;' +
  'HU:Europe/Budapest;ID:Asia/Jakarta Asia/Jayapura Asia/Makassar Asia/Pontianak Asia/Ujung_Pandang;' +
  'IE:Europe/Dublin;IL:Asia/Jerusalem Asia/Tel_Aviv;IM:Europe/Isle_of_Man Europe/London;' +
  'IN:Asia/Calcutta Asia/Kolkata;IO:Indian/Chagos;IQ:Asia/Baghdad;IR:Asia/Tehran;' +
  'IS:Africa/Abidjan Atlantic/Reykjavik;IT:Europe/Rome Europe/San_Marino Europe/Vatican;' +
  'JE:Europe/Jersey Europe/London;JM:America/Jamaica;JO:Asia/Amman;JP:Asia/Tokyo;' +
  'KE:Africa/Asmera Africa/Nairobi;KG:Asia/Bishkek;KH:Asia/Bangkok Asia/Phnom_Penh;' +
  'KI:Pacific/Enderbury Pacific/Kanton Pacific/Kiritimati Pacific/Tarawa;' +
  'KM:Africa/Nairobi Indian/Comoro;KN:America/Puerto_Rico America/St_Kitts;KP:Asia/Pyongyang;' +
  'KR:Asia/Seoul;KW:Asia/Kuwait Asia/Riyadh;KY:America/Cayman America/Panama;' +
  'KZ:Asia/Almaty Asia/Aqtau Asia/Aqtobe Asia/Atyrau Asia/Oral Asia/Qostanay Asia/Qyzylorda;' +
  'LA:Asia/Bangkok Asia/Vientiane;LB:Asia/Beirut;LC:America/Puerto_Rico America/St_Lucia;' +
  'LI:Europe/Vaduz Europe/Zurich;LK:Asia/Colombo;LR:Africa/Monrovia;' +
  'LS:Africa/Johannesburg Africa/Maseru;LT:Europe/Vilnius;LU:Europe/Brussels Europe/Luxembourg;' +
  'LV:Europe/Riga;LY:Africa/Tripoli;MA:Africa/Casablanca;MC:Europe/Monaco Europe/Paris;' +
  'MD:Europe/Chisinau Europe/Tiraspol;ME:Europe/Belgrade Europe/Podgorica;' +
  'MF:America/Marigot America/Puerto_Rico;MG:Africa/Nairobi Indian/Antananarivo;' +
  'MH:Pacific/Kwajalein Pacific/Majuro Pacific/Tarawa;MK:Europe/Belgrade Europe/Skopje;' +
  'ML:Africa/Abidjan Africa/Bamako;MM:Asia/Rangoon Asia/Yangon;' +
  'MN:Asia/Choibalsan Asia/Hovd Asia/Ulaanbaatar Asia/Ulan_Bator;MO:Asia/Macao Asia/Macau;' +
  'MP:Pacific/Guam Pacific/Saipan;MQ:America/Martinique;MR:Africa/Abidjan Africa/Nouakchott;' +
  'MS:America/Montserrat America/Puerto_Rico;MT:Europe/Malta;MU:Indian/Mauritius;MV:Indian/Maldives;' +
  'MW:Africa/Blantyre Africa/Maputo;' +
  'MX:America/Bahia_Banderas America/Cancun America/Chihuahua America/Ciudad_Juarez America/Ensenada America/Hermosillo America/Matamoros America/Mazatlan America/Merida America/Mexico_City America/Monterrey America/Ojinaga America/Santa_Isabel America/Tijuana Mexico/BajaNorte Mexico/BajaSur Mexico/General;' +
  'MY:Asia/Kuala_Lumpur Asia/Kuching Asia/Singapore;MZ:Africa/Maputo;NA:Africa/Windhoek;' +
  'NC:Pacific/Noumea;NE:Africa/Lagos Africa/Niamey;NF:Pacific/Norfolk;NG:Africa/Lagos;' +
  'NI:America/Managua;NL:Europe/Amsterdam Europe/Brussels;NO:Europe/Berlin Europe/Oslo;' +
  'NP:Asia/Kathmandu Asia/Katmandu;NR:Pacific/Nauru;NU:Pacific/Niue;' +
  'NZ:Antarctica/South_Pole Pacific/Auckland Pacific/Chatham;OM:Asia/Dubai Asia/Muscat;' +
  'PA:America/Coral_Harbour America/Panama;PE:America/Lima;' +
  'PF:Pacific/Gambier Pacific/Marquesas Pacific/Tahiti;' +
  'PG:Pacific/Bougainville Pacific/Port_Moresby Pacific/Truk Pacific/Yap;PH:Asia/Manila;' +
  'PK:Asia/Karachi;PL:Europe/Warsaw;PM:America/Miquelon;PN:Pacific/Pitcairn;' +
  'PR:America/Kralendijk America/Lower_Princes America/Marigot America/Puerto_Rico America/St_Barthelemy America/Virgin;' +
  'PS:Asia/Gaza Asia/Hebron;PT:Atlantic/Azores Atlantic/Madeira Europe/Lisbon;PW:Pacific/Palau;' +
  'PY:America/Asuncion;QA:Asia/Qatar;RE:Asia/Dubai Indian/Reunion;RO:Europe/Bucharest;' +
  'RS:Europe/Belgrade Europe/Podgorica;' +
  'RU:Asia/Anadyr Asia/Barnaul Asia/Chita Asia/Irkutsk Asia/Kamchatka Asia/Khandyga Asia/Krasnoyarsk Asia/Magadan Asia/Novokuznetsk Asia/Novosibirsk Asia/Omsk Asia/Sakhalin Asia/Srednekolymsk Asia/Tomsk Asia/Ust-Nera Asia/Vladivostok Asia/Yakutsk Asia/Yekaterinburg Europe/Astrakhan Europe/Kaliningrad Europe/Kirov Europe/Moscow Europe/Samara Europe/Saratov Europe/Simferopol Europe/Ulyanovsk Europe/Volgograd;' +
  'RW:Africa/Kigali Africa/Maputo;SA:Asia/Riyadh;SB:Pacific/Guadalcanal Pacific/Ponape;' +
  'SC:Asia/Dubai Indian/Mahe;SD:Africa/Khartoum;SE:Europe/Berlin Europe/Stockholm;SG:Asia/Singapore;' +
  'SH:Africa/Abidjan Atlantic/St_Helena;SI:Europe/Belgrade Europe/Ljubljana;' +
  'SJ:Arctic/Longyearbyen Europe/Berlin;SK:Europe/Bratislava Europe/Prague;' +
  'SL:Africa/Abidjan Africa/Freetown;SM:Europe/Rome Europe/San_Marino;SN:Africa/Abidjan Africa/Dakar;' +
  'SO:Africa/Mogadishu Africa/Nairobi;SR:America/Paramaribo;SS:Africa/Juba;ST:Africa/Sao_Tome;' +
  'SV:America/El_Salvador;SX:America/Lower_Princes America/Puerto_Rico;SY:Asia/Damascus;' +
  'SZ:Africa/Johannesburg Africa/Mbabane;TC:America/Grand_Turk;TD:Africa/Ndjamena;' +
  'TF:Asia/Dubai Indian/Kerguelen Indian/Maldives;TG:Africa/Abidjan Africa/Lome;TH:Asia/Bangkok;' +
  'TJ:Asia/Dushanbe;TK:Pacific/Fakaofo;TL:Asia/Dili;TM:Asia/Ashgabat Asia/Ashkhabad;TN:Africa/Tunis;' +
  'TO:Pacific/Tongatapu;TR:Asia/Istanbul Europe/Istanbul;TT:America/Port_of_Spain America/Puerto_Rico;' +
  'TV:Pacific/Funafuti Pacific/Tarawa;TW:Asia/Taipei;TZ:Africa/Dar_es_Salaam Africa/Nairobi;' +
  'UA:Europe/Kiev Europe/Kyiv Europe/Simferopol Europe/Uzhgorod Europe/Zaporozhye;' +
  'UG:Africa/Kampala Africa/Nairobi;UM:Pacific/Midway Pacific/Pago_Pago Pacific/Tarawa Pacific/Wake;' +
  'US:America/Adak America/Anchorage America/Atka America/Boise America/Chicago America/Denver America/Detroit America/Fort_Wayne America/Indiana/Indianapolis America/Indiana/Knox America/Indiana/Marengo America/Indiana/Petersburg America/Indiana/Tell_City America/Indiana/Vevay America/Indiana/Vincennes America/Indiana/Winamac America/Indianapolis America/Juneau America/Kentucky/Louisville America/Kentucky/Monticello America/Knox_IN America/Los_Angeles America/Louisville America/Menominee America/Metlakatla America/New_York America/Nome America/North_Dakota/Beulah America/North_Dakota/Center America/North_Dakota/New_Salem America/Phoenix America/Shiprock America/Sitka America/Yakutat Pacific/Honolulu Pacific/Johnston US/Alaska US/Aleutian US/Arizona US/Central US/East-Indiana US/Eastern US/Hawaii US/Indiana-Starke US/Michigan US/Mountain US/Pacific;' +
  'UY:America/Montevideo;UZ:Asia/Samarkand Asia/Tashkent;VA:Europe/Rome Europe/Vatican;' +
  'VC:America/Puerto_Rico America/St_Vincent;VE:America/Caracas;VG:America/Puerto_Rico America/Tortola;' +
  'VI:America/Puerto_Rico America/St_Thomas;VN:Asia/Bangkok Asia/Ho_Chi_Minh Asia/Saigon;' +
  'VU:Pacific/Efate;WF:Pacific/Tarawa Pacific/Wallis;WS:Pacific/Apia;YE:Asia/Aden Asia/Riyadh;' +
  'YT:Africa/Nairobi Indian/Mayotte;ZA:Africa/Johannesburg;ZM:Africa/Lusaka Africa/Maputo;' +
  'ZW:Africa/Harare Africa/Maputo;';
let countriesByZone: Map<string, string[]> | undefined;

function index(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const record of ZONES_BY_COUNTRY.split(';')) {
    const [country, zones] = record.split(':');
    if (!country || !zones) continue;
    for (const zone of zones.split(' ')) {
      const countries = map.get(zone);
      if (countries) countries.push(country);
      else map.set(zone, [country]);
    }
  }
  return map;
}

/** Countries that use the time zone, or null for zones tied to no country (UTC, Etc/GMT+3, unknown). */
export function countriesOfTimezone(zone: string): readonly string[] | null {
  countriesByZone ??= index();
  return countriesByZone.get(zone) ?? null;
}
